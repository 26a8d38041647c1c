import fs from "node:fs/promises";
import path from "node:path";
import type { AppContext } from "../context";
import { assertValidKey, LOCAL_TMP_DIR, LocalStorage, type Storage, StorageNotFoundError } from "../storage";
import { PORTAL_VERSION } from "../system/system.service";
import { iso } from "../time";
import { dumpDatabase } from "./dump";
import { type DumpRow, TransferError } from "./dump-format";
import { DATABASE_FILE, FILES_DIR, MANIFEST_FILE, MANIFEST_FORMAT, type Manifest, type ManifestFile, writeManifest } from "./manifest";
import { FILE_COLUMNS } from "./tables";

/** Where a storage key is referenced, and what the row recorded about the file. */
interface Reference {
  where: string;
  size: number | null;
  sha256: string | null;
}

export interface ExportSummary {
  dir: string;
  manifest: Manifest;
}

/**
 * `portal export <dir>`: the whole installation into an empty folder, for `portal import` to load
 * elsewhere (e.g. SQLite + local files -> PostgreSQL + S3). The database is dumped first, in one
 * snapshot; the files it refers to are then copied from storage, each hashed while copied and
 * compared with the size and sha256 its row recorded. A referenced file that is missing or differs
 * fails the export with the list of keys; manifest.json is written only when everything is there.
 */
export async function exportInstallation(ctx: AppContext, target: string): Promise<ExportSummary> {
  const dir = path.resolve(target);
  await assertEmptyFolder(dir);
  try {
    const references = new Map<string, Reference[]>();
    const invalid: string[] = [];
    const dump = await dumpDatabase(ctx, path.join(dir, DATABASE_FILE), (table, row) => collectReferences(table, row, references, invalid));
    if (invalid.length)
      throw new TransferError(`The database refers to ${invalid.length} invalid storage key(s):\n  ${invalid.join("\n  ")}`);
    const files = await copyFiles(ctx.storage, path.join(dir, FILES_DIR), references);
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      version: 1,
      createdAt: iso(ctx.now()),
      source: { engine: ctx.db.engine, storage: ctx.storage.driver, portalVersion: PORTAL_VERSION },
      migrations: dump.migrations,
      database: { file: DATABASE_FILE, bytes: dump.bytes, sha256: dump.sha256 },
      tables: dump.counts,
      files,
      totals: { rows: dump.rows, files: files.length, bytes: files.reduce((sum, f) => sum + f.size, 0) },
    };
    await writeManifest(dir, manifest);
    return { dir, manifest };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new TransferError(
      `${message}\nThe export in ${dir} is unfinished (it has no ${MANIFEST_FILE}); empty that folder before exporting again.`,
      {
        cause: error,
      },
    );
  }
}

async function assertEmptyFolder(dir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new TransferError(`The folder ${dir} does not exist: create an empty folder for the export first.`);
    if (code === "ENOTDIR") throw new TransferError(`${dir} is not a folder.`);
    throw error;
  }
  if (entries.length) throw new TransferError(`The folder ${dir} is not empty: export into a new, empty folder.`);
}

function collectReferences(table: string, row: DumpRow, references: Map<string, Reference[]>, invalid: string[]): void {
  for (const column of FILE_COLUMNS) {
    if (column.table !== table) continue;
    const key = row[column.key];
    if (key === null || key === undefined || key === "") continue;
    const where = `${table} ${String(row.id)}`;
    try {
      assertValidKey(String(key));
    } catch {
      invalid.push(`${JSON.stringify(key)} (${where})`);
      continue;
    }
    const size = column.size ? row[column.size] : null;
    const sha256 = column.sha256 ? row[column.sha256] : null;
    const list = references.get(String(key)) ?? [];
    list.push({ where, size: typeof size === "number" ? size : null, sha256: typeof sha256 === "string" ? sha256 : null });
    references.set(String(key), list);
  }
}

/** Copies every referenced file into `filesDir/<key>` (written whole or not at all), in key order. */
async function copyFiles(source: Storage, filesDir: string, references: Map<string, Reference[]>): Promise<ManifestFile[]> {
  await fs.mkdir(filesDir, { recursive: true });
  const target = new LocalStorage(filesDir);
  const files: ManifestFile[] = [];
  const missing: string[] = [];
  const differing: string[] = [];
  for (const key of [...references.keys()].sort()) {
    const refs = references.get(key) ?? [];
    let stored: Awaited<ReturnType<typeof target.put>>;
    try {
      stored = await target.put(key, await source.get(key));
    } catch (error) {
      if (!(error instanceof StorageNotFoundError)) throw error;
      missing.push(`${key} (${refs.map((r) => r.where).join(", ")})`);
      continue;
    }
    for (const ref of refs) {
      if ((ref.sha256 !== null && ref.sha256 !== stored.sha256) || (ref.size !== null && ref.size !== stored.size)) {
        differing.push(
          `${key} (${ref.where}): recorded ${ref.size ?? "?"} bytes, sha256 ${ref.sha256 ?? "?"}; storage holds ${stored.size} bytes, sha256 ${stored.sha256}`,
        );
      }
    }
    files.push({ key, size: stored.size, sha256: stored.sha256 });
  }
  await fs.rm(path.join(filesDir, LOCAL_TMP_DIR), { recursive: true, force: true });
  const problems = [
    missing.length ? `${missing.length} file(s) the database refers to are missing from storage:\n  ${missing.join("\n  ")}` : "",
    differing.length ? `${differing.length} file(s) differ from what the database recorded:\n  ${differing.join("\n  ")}` : "",
  ].filter(Boolean);
  if (problems.length) throw new TransferError(problems.join("\n"));
  return files;
}
