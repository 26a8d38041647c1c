import fs from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { assertValidKey } from "../storage";
import { TransferError } from "./dump-format";
import { createFileAtomically } from "./files";

/**
 * An export folder: `database.ndjson.gz` (the dump), `files/<storage key>` (every file the database
 * refers to) and `manifest.json`, written last, so a folder without it is an unfinished export.
 */
export const MANIFEST_FORMAT = "cccm-portal-export";
export const DATABASE_FILE = "database.ndjson.gz";
export const FILES_DIR = "files";
export const MANIFEST_FILE = "manifest.json";

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "must be a lower-case hex sha256");
const count = z.number().int().nonnegative();

const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  source: z.object({ engine: z.enum(["sqlite", "postgres"]), storage: z.enum(["local", "s3"]), portalVersion: z.string().optional() }),
  migrations: z.array(z.string()),
  database: z.object({ file: z.literal(DATABASE_FILE), bytes: count, sha256 }),
  tables: z.record(z.string(), count),
  files: z.array(z.object({ key: z.string(), size: count, sha256 })),
  totals: z.object({ rows: count, files: count, bytes: count }),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = Manifest["files"][number];

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await createFileAtomically(path.join(dir, MANIFEST_FILE), (tmp) =>
    fs.writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`, { flag: "wx" }),
  );
}

/** Reads and checks `manifest.json`: its shape, every key a valid storage key, no key twice. */
export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, "utf8");
  } catch {
    throw new TransferError(`${file} is missing: ${dir} is not a finished export.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TransferError(`${file} is not valid JSON.`);
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) {
    const problems = result.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(top)"}: ${i.message}`);
    throw new TransferError(`${file} is not a portal export manifest: ${problems.join("; ")}.`);
  }
  const manifest = result.data;
  const seen = new Set<string>();
  for (const { key } of manifest.files) {
    try {
      assertValidKey(key);
    } catch {
      throw new TransferError(`${file} lists an invalid storage key: ${JSON.stringify(key)}.`);
    }
    if (seen.has(key)) throw new TransferError(`${file} lists ${key} twice.`);
    seen.add(key);
  }
  return manifest;
}
