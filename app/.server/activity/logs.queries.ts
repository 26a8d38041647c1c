import { type Kysely, sql } from "kysely";
import type { Engine } from "../db/client";
import type { Database } from "../db/types";

/** The System Logs' reads: every activity row, with the e-mail of the account that acted. */

export interface LogQuery {
  action: string | null;
  entityType: string | null;
  /** A LIKE pattern (lower-cased, escaped with "\\") for the acting account's e-mail or details.email. */
  emailPattern: string | null;
  since: string | null;
}

export interface LogRow {
  id: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  details: string;
  ip_address: string | null;
  created_at: string;
  user_email: string | null;
}

function detailsEmail(engine: Engine) {
  return engine === "postgres" ? sql<string>`(a.details::jsonb ->> 'email')` : sql<string>`json_extract(a.details, '$.email')`;
}

/** Activity rows matching the query, with the acting account. */
function logsMatching(db: Kysely<Database>, engine: Engine, query: LogQuery) {
  let base = db.selectFrom("activity_logs as a").leftJoin("users as u", "u.id", "a.user_id");
  if (query.action) base = base.where("a.action", "=", query.action);
  if (query.entityType) base = base.where("a.entity_type", "=", query.entityType);
  if (query.since) base = base.where("a.created_at", ">=", query.since);
  if (query.emailPattern) {
    const pattern = query.emailPattern;
    base = base.where(
      sql<boolean>`(lower(coalesce(u.email, '')) like ${pattern} escape '\\' or lower(coalesce(${detailsEmail(engine)}, '')) like ${pattern} escape '\\')`,
    );
  }
  return base;
}

export async function countLogs(db: Kysely<Database>, engine: Engine, query: LogQuery): Promise<number> {
  const row = await logsMatching(db, engine, query)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the log, newest first (the created_at index's order, or the filtered column's). */
export function selectLogs(db: Kysely<Database>, engine: Engine, query: LogQuery, limit: number, offset: number): Promise<LogRow[]> {
  return logsMatching(db, engine, query)
    .select(["a.id", "a.action", "a.entity_type", "a.entity_id", "a.details", "a.ip_address", "a.created_at", "u.email as user_email"])
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * The distinct values of an indexed column, by a loose index scan (one index probe per value,
 * not a read of the whole log): the filters' choices stay fast however long the log grows.
 */
export async function selectDistinct(db: Kysely<Database>, column: "action" | "entity_type"): Promise<string[]> {
  const col = sql.ref(column);
  const { rows } = await sql<{ value: string | null }>`
    with recursive t(value) as (
      select min(${col}) from activity_logs
      union all
      select (select min(${col}) from activity_logs where ${col} > t.value) from t where t.value is not null
    )
    select value from t where value is not null`.execute(db);
  return rows.map((r) => r.value).filter((v): v is string => v !== null);
}
