import path from "node:path";
import { mimeForExtension } from "~/lib/mime";
import type { AppContext } from "../context";
import { migrateToLatest } from "../db/migrate";
import { LocalStorage, type Storage, StorageNotFoundError } from "../storage";
import { parseDump, type TableCounts, TransferError } from "./dump-format";
import { hashFile, hashStream, readGzipLines } from "./files";
import { DATABASE_FILE, FILES_DIR, type Manifest, type ManifestFile, readManifest } from "./manifest";
import { NOT_EMPTY_MESSAGE, restoreDatabase } from "./restore";
import { appliedMigrations, assertSameMigrations } from "./schema";
import { storageKeysOf, TABLE_NAMES } from "./tables";
import { countRows, hasUsersOrDocuments } from "./transfer.queries";

export interface ImportReport {
  tables: { table: string; expected: number; found: number }[];
  files: { expected: number; found: number; bytes: number; matched: number; problems: string[] };
  ok: boolean;
}

/**
 * `portal import <dir>`: loads an export into the configured installation (whatever its engine and
 * storage), which must be new: no user and no document. Everything that can be checked is checked
 * before anything is written (manifest, dump, schema version, target storage); then the files are
 * copied, each verified by size and sha256 as stored; then the database is loaded in one
 * transaction (restoreDatabase). If that load fails, the files just copied are deleted again, so
 * nothing is left half-imported. Finally everything is read back and compared with the manifest.
 */
export async function importInstallation(ctx: AppContext, source: string): Promise<ImportReport> {
  const dir = path.resolve(source);
  const manifest = await readManifest(dir);
  const databaseFile = path.join(dir, DATABASE_FILE);
  await verifyDump(databaseFile, manifest);

  const { kysely, engine } = ctx.db;
  await migrateToLatest(kysely, engine);
  assertSameMigrations(manifest.migrations, await appliedMigrations(kysely, engine), manifest.source.portalVersion);
  if (await hasUsersOrDocuments(kysely)) throw new TransferError(NOT_EMPTY_MESSAGE);
  await ctx.storage.check().catch((error: unknown) => {
    throw new TransferError(
      `The target storage (${ctx.storage.driver}) is not usable: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  });

  const created = await copyFiles(ctx.storage, path.join(dir, FILES_DIR), manifest.files);
  try {
    await restoreDatabase(ctx, databaseFile, { requireEmpty: true });
  } catch (error) {
    const left = await removeFiles(ctx.storage, created);
    const message = error instanceof Error ? error.message : String(error);
    const cleanup = left.length
      ? `${created.length - left.length} of the ${created.length} files copied were removed again; these could not be: ${left.join(", ")}`
      : `the ${created.length} files copied were removed again`;
    throw new TransferError(`${message}\nThe database was not changed, and ${cleanup}.`, { cause: error });
  }
  return verifyImport(ctx, manifest);
}

/**
 * The dump is the one the manifest describes (bytes, sha256), whole (closing line, counts), and
 * every file its rows name is in the manifest.
 */
async function verifyDump(file: string, manifest: Manifest): Promise<void> {
  const written = await hashFile(file).catch((error: unknown) => {
    throw new TransferError(`${file} cannot be read: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  });
  if (written.bytes !== manifest.database.bytes || written.sha256 !== manifest.database.sha256) {
    throw new TransferError(`${DATABASE_FILE} is not the file the manifest describes (size or sha256 differ): the export is damaged.`);
  }
  let counts: TableCounts | null = null;
  const listed = new Set(manifest.files.map((f) => f.key));
  const unlisted = new Set<string>();
  for await (const event of parseDump(readGzipLines(file), TABLE_NAMES)) {
    if (event.kind === "header") assertSameMigrations(event.header.migrations, manifest.migrations);
    if (event.kind === "row") for (const key of storageKeysOf(event.table, event.row)) if (!listed.has(key)) unlisted.add(key);
    if (event.kind === "end") counts = event.counts;
  }
  if (unlisted.size) {
    throw new TransferError(`The database names ${unlisted.size} file(s) the export does not carry: ${[...unlisted].sort().join(", ")}.`);
  }
  for (const table of TABLE_NAMES) {
    if (counts?.[table] !== manifest.tables[table]) {
      throw new TransferError(
        `The manifest counts ${manifest.tables[table]} rows of "${table}", the database file ${counts?.[table]}: the export is damaged.`,
      );
    }
  }
}

/** Copies every file into the target storage, verified; on any failure removes what it created. */
async function copyFiles(storage: Storage, filesDir: string, files: ManifestFile[]): Promise<string[]> {
  const source = new LocalStorage(filesDir);
  const created: string[] = [];
  try {
    for (const file of files) {
      const existed = (await storage.stat(file.key)) !== null;
      const body = await source.get(file.key).catch((error: unknown) => {
        if (error instanceof StorageNotFoundError)
          throw new TransferError(`The export is missing ${FILES_DIR}/${file.key}, which its manifest lists.`);
        throw error;
      });
      const stored = await storage.put(file.key, body, { contentType: mimeForExtension(path.extname(file.key)) });
      if (!existed) created.push(file.key);
      if (stored.size !== file.size || stored.sha256 !== file.sha256) {
        throw new TransferError(
          `${FILES_DIR}/${file.key} is not the file the manifest describes (${stored.size} bytes, sha256 ${stored.sha256}; expected ${file.size} bytes, ${file.sha256}).`,
        );
      }
    }
  } catch (error) {
    const left = await removeFiles(storage, created);
    const note = left.length
      ? `; these copied files could not be removed: ${left.join(", ")}`
      : "; the files copied so far were removed again";
    const message = error instanceof Error ? error.message : String(error);
    throw new TransferError(`${message}\nNothing was imported${note}.`, { cause: error });
  }
  return created;
}

/** Deletes `keys`; returns those that could not be deleted. */
async function removeFiles(storage: Storage, keys: string[]): Promise<string[]> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  return keys.filter((_, i) => results[i]?.status === "rejected");
}

/** Reads everything back from the target: row counts per table, and every file's sha256 from storage. */
async function verifyImport(ctx: AppContext, manifest: Manifest): Promise<ImportReport> {
  const tables = [];
  for (const table of TABLE_NAMES) {
    tables.push({ table, expected: manifest.tables[table] ?? 0, found: await countRows(ctx.db.kysely, table) });
  }
  const files = { expected: manifest.files.length, found: 0, bytes: 0, matched: 0, problems: [] as string[] };
  for (const file of manifest.files) {
    try {
      const back = await hashStream(await ctx.storage.get(file.key));
      files.found++;
      files.bytes += back.bytes;
      if (back.sha256 === file.sha256 && back.bytes === file.size) files.matched++;
      else files.problems.push(`${file.key}: read back ${back.bytes} bytes, sha256 ${back.sha256}`);
    } catch (error) {
      if (!(error instanceof StorageNotFoundError)) throw error;
      files.problems.push(`${file.key}: missing from the target storage`);
    }
  }
  const ok = tables.every((t) => t.expected === t.found) && files.matched === files.expected;
  return { tables, files, ok };
}
