import { type Kysely, sql } from "kysely";
import type { Database, JobsTable } from "../db/types";
import type { Insertable, Selectable } from "kysely";

class RolledBack extends Error {}

/**
 * Writes a row inside a transaction, reads it back, and rolls back. Returns what was read inside
 * and whether the row is gone afterwards: a working database gives (value, true).
 */
export async function writeReadRollback(db: Kysely<Database>, key: string, value: string, now: string): Promise<{ readBack: string | null; goneAfter: boolean }> {
  let readBack: string | null = null;
  await sql`select 1`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("settings").values({ key, value, updated_at: now, updated_by: null }).execute();
      const row = await trx.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
      readBack = row?.value ?? null;
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  const after = await db.selectFrom("settings").select("key").where("key", "=", key).executeTakeFirst();
  return { readBack, goneAfter: after === undefined };
}

export type JobRow = Selectable<JobsTable>;

export async function insertJob(db: Kysely<Database>, row: Insertable<JobsTable>): Promise<void> {
  await db.insertInto("jobs").values(row).execute();
}

/** Queued jobs of a kind that are due, and running ones whose worker has been silent since `staleBefore` (it crashed). */
export function selectDueJobs(db: Kysely<Database>, kind: string, now: string, staleBefore: string): Promise<JobRow[]> {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("kind", "=", kind)
    .where((eb) => eb.or([eb.and([eb("status", "=", "queued"), eb("run_at", "<=", now)]), eb.and([eb("status", "=", "running"), eb("locked_at", "<", staleBefore)])]))
    .orderBy("run_at")
    .limit(100)
    .execute();
}

/** Takes a job for one worker; false when another instance took it first. */
export async function claimJob(db: Kysely<Database>, job: JobRow, now: string, worker: string): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ status: "running", locked_at: now, locked_by: worker, attempts: job.attempts + 1 })
    .where("id", "=", job.id)
    .where("status", "=", job.status)
    .where("attempts", "=", job.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteJob(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("jobs").where("id", "=", id).execute();
}

/** Puts a failed job back in the queue for a later try, or marks it failed for good. */
export async function releaseJob(db: Kysely<Database>, id: string, update: { status: "queued" | "failed"; runAt: string; error: string }): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ status: update.status, run_at: update.runAt, last_error: update.error.slice(0, 1000), locked_at: null, locked_by: null })
    .where("id", "=", id)
    .execute();
}
