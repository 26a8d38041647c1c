import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import { HOUR } from "../time";
import { vacuumInto } from "./backup.queries";

/**
 * The Database page's backup download. SQLite: a consistent snapshot file, streamed once and
 * never left on disk. PostgreSQL: backups are pg_dump's job (no fake download is offered).
 */

export interface BackupDownload {
  fileName: string;
  size: number;
  body: ReadableStream<Uint8Array>;
}

/** "portal-20260301-0930.db" (UTC), so a folder of backups sorts by time. */
export function backupFileName(now: Date, extension: "db" | "dump"): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 13);
  return `portal-${stamp}.${extension}`;
}

/** The command an operator runs for a PostgreSQL backup; the connection string stays in the environment. */
export function pgDumpCommand(now: Date): string {
  return `pg_dump --format=custom --no-owner --file=${backupFileName(now, "dump")} "$DATABASE_URL"`;
}

function snapshotDir(ctx: AppContext): string {
  if (ctx.config.database.kind !== "sqlite") throw new Error("Snapshots are for SQLite; use pg_dump for PostgreSQL");
  return path.join(path.dirname(ctx.config.database.file), "backup-tmp");
}

/** Snapshots a crash left behind are removed before the next one is taken. */
async function removeLeftovers(dir: string, now: number): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > HOUR) await fs.rm(file, { force: true });
  }
}

/**
 * A consistent snapshot of the SQLite database as a stream. The file is unlinked as soon as it is
 * open: the open handle keeps its bytes readable, and nothing remains on disk once the download
 * ends, fails or is abandoned. Logged as DATABASE_BACKUP.
 */
export async function sqliteSnapshot(ctx: AppContext, actor: { id: string }, meta?: RequestMeta): Promise<BackupDownload> {
  const dir = snapshotDir(ctx);
  await fs.mkdir(dir, { recursive: true });
  await removeLeftovers(dir, Date.now());
  const file = path.join(dir, `${randomUUID()}.db`);
  try {
    await vacuumInto(ctx.db.kysely, file);
    const handle = await fs.open(file, "r");
    try {
      const { size } = await handle.stat();
      await fs.rm(file, { force: true });
      const fileName = backupFileName(ctx.now(), "db");
      await logActivity(ctx, {
        action: "DATABASE_BACKUP",
        entityType: "SYSTEM",
        userId: actor.id,
        details: { file: fileName, bytes: size },
        meta,
      });
      const body = Readable.toWeb(handle.createReadStream({ autoClose: true })) as ReadableStream<Uint8Array>;
      return { fileName, size, body };
    } catch (error) {
      await handle.close();
      throw error;
    }
  } finally {
    await fs.rm(file, { force: true });
  }
}
