import type { Kysely } from "kysely";
import type { Engine } from "../client";

/**
 * System Logs filter activity by the account that acted (user_id, newest first); without an index
 * that filter, and the "on delete set null" of a removed account, scan the whole log. Additive only.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.createIndex("activity_logs_user_created_idx").on("activity_logs").columns(["user_id", "created_at"]).execute();
}
