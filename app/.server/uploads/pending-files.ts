import type { Readable } from "node:stream";
import type { Kysely } from "kysely";
import type { AppContext } from "../context";
import type { Database } from "../db/types";
import { selectReferencedKeys } from "../file-check/file-check.queries";
import { insertJob } from "../jobs/jobs.queries";
import { WORKER, workerIsGone } from "../jobs/worker";
import type { StorageBody, StoredObject } from "../storage";
import { iso } from "../time";

/**
 * Files stored before the row that names them (an upload, a thumbnail). Storing is committed at
 * the storage (rename, CompleteMultipartUpload), the row in the database: a process killed between
 * the two left a finished file no row names, an orphan `portal check` reports, and nothing removed
 * it. So each such file is announced first, as a `pending-file` job held by this process; the
 * transaction that writes the row drops the job (forgetPendingFiles), and so does a failure that
 * removes the file. A job left behind belongs to a process that died on the way: the start-up and
 * ten-minute sweep (sweepPendingFiles) removes its file unless a row names it, then the job, once
 * its process is known to be gone (this host) or after an hour (another host's, which may still
 * be writing; the same hour `portal check --repair` waits before removing an orphan).
 */
export const PENDING_FILE = "pending-file";

/** One job per key: dropping it needs only the key. */
const jobId = (key: string) => `${PENDING_FILE}:${key}`;

/** Announces `key` as about to be stored by this process. */
export async function recordPendingFile(ctx: AppContext, key: string): Promise<void> {
  const now = iso(ctx.now());
  await insertJob(ctx.db.kysely, {
    id: jobId(key),
    kind: PENDING_FILE,
    payload: JSON.stringify({ key }),
    status: "running",
    run_at: now,
    locked_at: now,
    locked_by: WORKER,
    created_at: now,
  });
}

/** Drops the announcements of `keys`: their rows are written (call inside that transaction), or the files removed. */
export async function forgetPendingFiles(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await db
    .deleteFrom("jobs")
    .where(
      "id",
      "in",
      keys.map((key) => jobId(key)),
    )
    .execute();
}

/**
 * Announces, then stores; a failed store drops its announcement (the driver left nothing). As
 * with `Storage.put`, the body is destroyed on failure, announcing included (a parser feeding it
 * moves on).
 */
export async function storePendingFile(
  ctx: AppContext,
  key: string,
  body: StorageBody,
  options?: { contentType?: string },
): Promise<StoredObject> {
  try {
    await recordPendingFile(ctx, key);
  } catch (error) {
    (body as Readable).destroy?.(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  try {
    return await ctx.storage.put(key, body, options);
  } catch (error) {
    await forgetPendingFiles(ctx.db.kysely, [key]).catch(() => undefined);
    throw error;
  }
}

export interface PendingSweep {
  /** Files of dead processes that no row names: removed (or, with `dryRun`, to be removed). */
  abandoned: Set<string>;
  /** Files whose process may still be writing their row: not orphans yet. */
  inFlight: Set<string>;
}

/**
 * Removes the files a dead process stored without writing their row (see the top of this file),
 * and the jobs of those gone; with `dryRun` only says which (`portal check`). A process of another
 * host counts as gone once its job is older than `staleBefore`.
 */
export async function sweepPendingFiles(ctx: AppContext, staleBefore: Date, options?: { dryRun?: boolean }): Promise<PendingSweep> {
  const db = ctx.db.kysely;
  const result: PendingSweep = { abandoned: new Set(), inFlight: new Set() };
  const jobs = await db.selectFrom("jobs").select(["id", "payload", "locked_by", "created_at"]).where("kind", "=", PENDING_FILE).execute();
  const cutoff = iso(staleBefore);
  for (const job of jobs) {
    const key = (JSON.parse(job.payload) as { key?: unknown }).key;
    if (typeof key !== "string") continue;
    if (!workerIsGone(job.locked_by) && job.created_at >= cutoff) {
      result.inFlight.add(key);
      continue;
    }
    // Killed after its row was committed but before the job went: the file is named, keep it.
    const named = (await selectReferencedKeys(db, [key])).has(key);
    if (!named && (await ctx.storage.stat(key)) !== null) {
      result.abandoned.add(key);
      if (!options?.dryRun) await ctx.storage.delete(key);
    }
    if (!options?.dryRun) await db.deleteFrom("jobs").where("id", "=", job.id).execute();
  }
  return result;
}
