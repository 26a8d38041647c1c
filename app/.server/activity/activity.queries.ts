import { type Kysely, sql } from "kysely";
import type { Engine } from "../db/client";
import type { ActivityLogRow, Database } from "../db/types";

export async function insertActivity(db: Kysely<Database>, row: ActivityLogRow): Promise<void> {
  await db.insertInto("activity_logs").values(row).execute();
}

/** The newest row of an action about one entity (a running sign-in block). */
export async function selectLatestActivityOf(db: Kysely<Database>, action: string, entityId: string): Promise<ActivityLogRow | undefined> {
  return db
    .selectFrom("activity_logs")
    .selectAll()
    .where("action", "=", action)
    .where("entity_id", "=", entityId)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function updateActivityDetails(db: Kysely<Database>, id: string, details: string): Promise<void> {
  await db.updateTable("activity_logs").set({ details }).where("id", "=", id).execute();
}

/** Removes the rows older than `before` (the retention setting); returns how many. */
export async function deleteActivityBefore(db: Kysely<Database>, before: string): Promise<number> {
  const result = await db.deleteFrom("activity_logs").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function selectRecentActivity(db: Kysely<Database>, limit: number): Promise<ActivityLogRow[]> {
  return db.selectFrom("activity_logs").selectAll().orderBy("created_at", "desc").limit(limit).execute();
}

export async function selectActivityByAction(db: Kysely<Database>, action: string): Promise<ActivityLogRow[]> {
  return db.selectFrom("activity_logs").selectAll().where("action", "=", action).orderBy("created_at", "desc").execute();
}

export interface SecurityEventQuery {
  action: string | null;
  /** A LIKE pattern (already lower-cased and escaped with "\\") matched against details.email. */
  emailPattern: string | null;
  since: string | null;
}

/** Security events (entity_type SECURITY) matching the query. */
function securityEventsMatching(db: Kysely<Database>, engine: Engine, query: SecurityEventQuery) {
  let base = db.selectFrom("activity_logs").where("entity_type", "=", "SECURITY");
  if (query.action) base = base.where("action", "=", query.action);
  if (query.since) base = base.where("created_at", ">=", query.since);
  if (query.emailPattern) {
    // details is JSON text; reading one key is the one place the engines differ.
    const email = engine === "postgres" ? sql<string>`(details::jsonb ->> 'email')` : sql<string>`json_extract(details, '$.email')`;
    base = base.where(sql<boolean>`lower(coalesce(${email}, '')) like ${query.emailPattern} escape '\\'`);
  }
  return base;
}

export async function countSecurityEvents(db: Kysely<Database>, engine: Engine, query: SecurityEventQuery): Promise<number> {
  const row = await securityEventsMatching(db, engine, query)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the security events, newest first (the (entity_type, created_at) index's order). */
export function selectSecurityEventPage(
  db: Kysely<Database>,
  engine: Engine,
  query: SecurityEventQuery,
  limit: number,
  offset: number,
): Promise<ActivityLogRow[]> {
  return securityEventsMatching(db, engine, query)
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}
