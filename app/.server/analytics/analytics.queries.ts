import { type Kysely, sql } from "kysely";
import type { Database } from "../db/types";

/**
 * Reads for the admin analytics. Activity timestamps are ISO-8601 UTC text on both engines, so
 * the first ten characters are the UTC day; every filter is on (action, created_at), the order of
 * the activity_logs_action_created_idx index.
 */

const day = sql<string>`substr(created_at, 1, 10)`;

export async function selectDailyCounts(
  db: Kysely<Database>,
  actions: string[],
  since: string,
): Promise<Array<{ day: string; action: string; n: number }>> {
  const rows = await db
    .selectFrom("activity_logs")
    .select((eb) => [day.as("day"), "action", eb.fn.countAll<string | number>().as("n")])
    .where("action", "in", actions)
    .where("created_at", ">=", since)
    .groupBy([day, "action"])
    .execute();
  return rows.map((r) => ({ day: r.day, action: r.action, n: Number(r.n) }));
}

/** The entities with the most rows of one action since a time, most first (id breaks ties). */
export async function selectTopEntities(
  db: Kysely<Database>,
  query: { action: string; entityType?: string; since: string; limit: number },
): Promise<Array<{ id: string; n: number }>> {
  let q = db
    .selectFrom("activity_logs")
    .select((eb) => ["entity_id", eb.fn.countAll<string | number>().as("n")])
    .where("action", "=", query.action)
    .where("created_at", ">=", query.since)
    .where("entity_id", "is not", null);
  if (query.entityType) q = q.where("entity_type", "=", query.entityType);
  const rows = await q.groupBy("entity_id").orderBy("n", "desc").orderBy("entity_id").limit(query.limit).execute();
  return rows.map((r) => ({ id: r.entity_id ?? "", n: Number(r.n) }));
}

export function selectDocumentsByIds(db: Kysely<Database>, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom("documents")
    .select(["id", "title", "category", "published", "view_count", "download_count"])
    .where("id", "in", ids)
    .execute();
}

export function selectDashboardsByIds(db: Kysely<Database>, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom("dashboards").select(["id", "title", "provider"]).where("id", "in", ids).execute();
}

/** Rows of the given actions since a time, per category of the document they are about. */
export async function selectCountsByCategory(
  db: Kysely<Database>,
  actions: string[],
  since: string,
): Promise<Array<{ category: string; action: string; n: number }>> {
  const rows = await db
    .selectFrom("activity_logs as a")
    .innerJoin("documents as d", "d.id", "a.entity_id")
    .select((eb) => ["d.category", "a.action", eb.fn.countAll<string | number>().as("n")])
    .where("a.action", "in", actions)
    .where("a.created_at", ">=", since)
    .groupBy(["d.category", "a.action"])
    .execute();
  return rows.map((r) => ({ category: r.category, action: r.action, n: Number(r.n) }));
}
