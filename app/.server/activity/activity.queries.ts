import type { Kysely } from "kysely";
import type { ActivityLogRow, Database } from "../db/types";

export async function insertActivity(db: Kysely<Database>, row: ActivityLogRow): Promise<void> {
  await db.insertInto("activity_logs").values(row).execute();
}

export async function selectRecentActivity(db: Kysely<Database>, limit: number): Promise<ActivityLogRow[]> {
  return db.selectFrom("activity_logs").selectAll().orderBy("created_at", "desc").limit(limit).execute();
}

export async function selectActivityByAction(db: Kysely<Database>, action: string): Promise<ActivityLogRow[]> {
  return db.selectFrom("activity_logs").selectAll().where("action", "=", action).orderBy("created_at", "desc").execute();
}
