import { msg } from "@lingui/core/macro";
import { type Paging, readPage, TABLE_PER } from "~/lib/paging";
import type { AppContext } from "../context";
import { serverI18n } from "../i18n/i18n";
import { HOUR } from "../time";
import { countLogs, type LogQuery, type LogRow, selectDistinct, selectLogs } from "./logs.queries";

/**
 * System Logs (admin-and-sharing section 2): the whole activity log, newest first, filtered by
 * action, entity type, e-mail and period, 50 rows a page (12 to 100 with `?per=`); and the
 * dashboard's Recent Activity.
 */

export const LOG_PERIODS = { "24h": 24 * HOUR, "7d": 7 * 24 * HOUR, "30d": 30 * 24 * HOUR, all: null } as const;
export type LogPeriod = keyof typeof LOG_PERIODS;
export const LOGS_PAGE_SIZE = TABLE_PER;
/** Actions recorded for anonymous visitors; anything else without an account was done by the portal itself. */
const VISITOR_ACTIONS = new Set(["VIEW", "VIEW_DOCUMENT", "DOCUMENT_DOWNLOADED"]);

export interface LogFilter {
  action: string | null;
  entityType: string | null;
  /** Part of the e-mail of the account that acted, or of the e-mail the event is about; any case. */
  email: string;
  period: LogPeriod;
  /** 1-based; a page past the end shows the last one. */
  page: number;
  /** Entries per page (12 to 100); LOGS_PAGE_SIZE when absent. */
  per?: number;
}

/** What a page shows of one activity row: never ids of accounts, never anything secret. */
export interface LogEntry {
  id: string;
  action: string;
  entityType: string;
  createdAt: string;
  /** The account that acted, else the e-mail the event is about, else "Visitor" (public views and downloads) or "System". */
  who: string;
  ip: string | null;
  /** The details as "key: value" text. */
  summary: string;
}

export interface LogPage {
  entries: LogEntry[];
  total: number;
  /** The page shown: a page past the end shows the last one. */
  page: number;
  per: number;
  pageCount: number;
}

export function isLogPeriod(value: string | null): value is LogPeriod {
  return value !== null && Object.hasOwn(LOG_PERIODS, value);
}

function toEntry(row: LogRow): LogEntry {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.details);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
  } catch {
    // A malformed row still shows its action and time.
  }
  const { email, ...rest } = details;
  const aboutEmail = typeof email === "string" ? email : null;
  return {
    id: row.id,
    action: row.action,
    entityType: row.entity_type,
    createdAt: row.created_at,
    who: row.user_email ?? aboutEmail ?? (VISITOR_ACTIONS.has(row.action) ? serverI18n()._(msg`Visitor`) : serverI18n()._(msg`System`)),
    ip: row.ip_address,
    summary: Object.entries(rest)
      .map(([k, v]) => `${k.replace(/_/g, " ")}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
      .join(", "),
  };
}

export async function activityLogPage(ctx: AppContext, filter: LogFilter): Promise<LogPage> {
  const { kysely: db, engine } = ctx.db;
  const span = LOG_PERIODS[filter.period];
  const email = filter.email.trim().toLowerCase();
  const query: LogQuery = {
    action: filter.action || null,
    entityType: filter.entityType || null,
    emailPattern: email ? `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    since: span === null ? null : new Date(ctx.now().getTime() - span).toISOString(),
  };
  const wanted: Paging = { page: filter.page, per: filter.per ?? LOGS_PAGE_SIZE };
  const { items, ...paging } = await readPage(
    wanted,
    () => countLogs(db, engine, query),
    (limit, offset) => selectLogs(db, engine, query, limit, offset),
  );
  return { entries: items.map(toEntry), ...paging };
}

/** The actions and entity types present in the log, for the filters' choices. */
export async function logFilterChoices(ctx: AppContext): Promise<{ actions: string[]; entityTypes: string[] }> {
  const [actions, entityTypes] = await Promise.all([selectDistinct(ctx.db.kysely, "action"), selectDistinct(ctx.db.kysely, "entity_type")]);
  // Each engine orders text by its own collation; the choices are listed the same way on both.
  return { actions: actions.sort(), entityTypes: entityTypes.sort() };
}

/** The dashboard's Recent Activity: the latest entries (admin-and-sharing section 9: 5). */
export async function latestActivity(ctx: AppContext, limit = 5): Promise<LogEntry[]> {
  const rows = await selectLogs(
    ctx.db.kysely,
    ctx.db.engine,
    { action: null, entityType: null, emailPattern: null, since: null },
    limit,
    0,
  );
  return rows.map(toEntry);
}
