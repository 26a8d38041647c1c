import { createHash } from "node:crypto";
import { fromBufferPromise } from "yauzl";

/**
 * Every entry of a ZIP held in memory: its name and the sha256 of its bytes. yauzl checks each
 * entry's size against its header and refuses unsafe names, so a malformed archive fails here.
 */
export async function unpackZip(zip: Buffer): Promise<Map<string, string>> {
  const file = await fromBufferPromise(zip, { validateEntrySizes: true, strictFileNames: true });
  const out = new Map<string, string>();
  for await (const entry of file.eachEntry()) {
    const hash = createHash("sha256");
    for await (const chunk of await file.openReadStreamPromise(entry)) hash.update(chunk as Buffer);
    out.set(entry.fileName, hash.digest("hex"));
  }
  file.close();
  return out;
}
