import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, JobsTable } from "../db/types";

/**
 * The jobs table: work a process must finish even if it dies first (the test suite's document
 * removal, reading stored files). A job is claimed by one worker at a time (claimDueJobs), and
 * one whose worker fell silent is taken again.
 */

export type JobRow = Selectable<JobsTable>;

export async function insertJob(db: Kysely<Database>, row: Insertable<JobsTable>): Promise<void> {
  await db.insertInto("jobs").values(row).execute();
}

/**
 * Takes up to `limit` jobs of a kind for one worker: queued ones that are due, and running ones
 * whose worker has been silent since `staleBefore` (it crashed). On PostgreSQL the candidate rows
 * are locked with FOR UPDATE SKIP LOCKED, so two instances sweeping at once take disjoint jobs
 * and never wait on each other; SQLite has one writer at a time, so the statement alone is enough.
 * Returns the claimed rows, with `attempts` already counting this run.
 */
export async function claimDueJobs(
  db: Kysely<Database>,
  engine: "sqlite" | "postgres",
  claim: { kind: string; now: string; staleBefore: string; worker: string; limit: number },
): Promise<JobRow[]> {
  let due = db
    .selectFrom("jobs")
    .select("id")
    .where("kind", "=", claim.kind)
    .where((eb) =>
      eb.or([
        eb.and([eb("status", "=", "queued"), eb("run_at", "<=", claim.now)]),
        eb.and([eb("status", "=", "running"), eb("locked_at", "<", claim.staleBefore)]),
      ]),
    )
    .orderBy("run_at")
    .limit(claim.limit);
  if (engine === "postgres") due = due.forUpdate().skipLocked();
  return db
    .updateTable("jobs")
    .set((eb) => ({ status: "running", locked_at: claim.now, locked_by: claim.worker, attempts: eb("attempts", "+", 1) }))
    .where("id", "in", due)
    .returningAll()
    .execute();
}

export async function deleteJob(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("jobs").where("id", "=", id).execute();
}

/** Puts a failed job back in the queue for a later try, or marks it failed for good. */
export async function releaseJob(
  db: Kysely<Database>,
  id: string,
  update: { status: "queued" | "failed"; runAt: string; error: string },
): Promise<void> {
  await db
    .updateTable("jobs")
    .set({ status: update.status, run_at: update.runAt, last_error: update.error.slice(0, 1000), locked_at: null, locked_by: null })
    .where("id", "=", id)
    .execute();
}
