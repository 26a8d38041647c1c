/**
 * Zips for the extraction tests: the honest ones come from the demo's writer (re-exported here);
 * this file adds the shapes no zip tool makes on purpose: an entry that lies about its size, and a
 * deflate stream of gigabytes of zeros that is a few megabytes long.
 */

import zlib from "node:zlib";
import type { RawEntry } from "~/.server/demo/zip-archive";

export { entry, type RawEntry, zipFiles, zipOf } from "~/.server/demo/zip-archive";

/**
 * Deflated zeros, `mebibytes` MiB of them, built without inflating anything: one MiB compressed
 * with a full flush (which resets the compressor, so the same bytes follow any earlier block),
 * repeated, then an empty final block. About 1 KB per MiB: 2 GiB fit in 2 MB.
 */
export function deflatedZeros(mebibytes: number): Uint8Array {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const finalEmptyStoredBlock = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
  return new Uint8Array(Buffer.concat([...Array.from({ length: mebibytes }, () => block), finalEmptyStoredBlock]));
}

/** An entry of `mebibytes` MiB of zeros that declares `declaredSize` (the truth by default). CRC left at 0: never checked before the size is. */
export function zerosEntry(name: string, mebibytes: number, declaredSize = mebibytes * 1024 * 1024): RawEntry {
  return { name, data: deflatedZeros(mebibytes), method: 8, crc: 0, size: declaredSize };
}
