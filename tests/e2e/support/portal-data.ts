import fs from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import type { RunningPortal } from "./portal";
import { deleteObject, listObjects } from "./s3-server";

/**
 * What a spec sees behind a running test portal, on either engine (support/engine.ts): its
 * database, for the odd statement a spec needs (a share token, a counter), and its stored files.
 */

/**
 * Runs one statement on the portal's database while it runs (SQLite's WAL allows a second
 * connection) and returns the rows it produced, if any. Write `?` placeholders; on PostgreSQL
 * they become `$1`, `$2`...
 */
export async function portalSql<T = Record<string, unknown>>(portal: RunningPortal, sql: string, params: unknown[] = []): Promise<T[]> {
  const url = portal.settings.DATABASE_URL;
  if (!url) {
    const db = new Database(path.join(portal.dataDir, "portal.db"));
    try {
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all(...params) as T[];
      statement.run(...params);
      return [];
    } finally {
      db.close();
    }
  }
  let n = 0;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (
      await client.query(
        sql.replace(/\?/g, () => `$${++n}`),
        params,
      )
    ).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The files the portal keeps, as storage keys (`documents/2026/03/...pdf`): the files under
 * DATA_DIR/files (its temp folder aside), or the objects of its bucket (the storage self-check's
 * short-lived probes aside).
 */
export async function storedObjects(portal: RunningPortal): Promise<string[]> {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint } = portal.settings;
  if (bucket) {
    if (!endpoint) throw new Error("storedObjects: the portal's S3 settings name no endpoint");
    return (await listObjects(endpoint, bucket)).map((o) => o.key).sort();
  }
  const root = path.join(portal.dataDir, "files");
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((key) => !key.startsWith(".tmp/") && !key.startsWith("_health/"))
    .sort();
}

/** Takes a stored file away behind the portal's back (a lost disk, a bucket emptied by hand), keeping its row. */
export async function removeStoredObject(portal: RunningPortal, key: string): Promise<void> {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint } = portal.settings;
  if (bucket) {
    if (!endpoint) throw new Error("removeStoredObject: the portal's S3 settings name no endpoint");
    await deleteObject(endpoint, bucket, key);
    return;
  }
  await fs.rm(path.join(portal.dataDir, "files", ...key.split("/")));
}
