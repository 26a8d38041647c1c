import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type Paging, readPage, TABLE_PER } from "~/lib/paging";
import type { AppContext } from "../context";
import type { ActivityLogRow, Database } from "../db/types";
import { HOUR, iso } from "../time";
import {
  countSecurityEvents,
  deleteActivityBefore,
  insertActivity,
  selectActivityByAction,
  selectLatestActivityOf,
  selectRecentActivity,
  selectSecurityEventPage,
  updateActivityDetails,
} from "./activity.queries";

/** Security events of the spec (admin-and-sharing section 8), plus the public VIEW events. */
export type ActivityAction =
  | "LOGIN_RATE_LIMITED"
  | "LOGIN_FAILED"
  | "ADMIN_ACCESS_DENIED"
  | "LOGIN_ACCOUNT_DEACTIVATED"
  | "ADMIN_LOGIN_SUCCESS"
  | "LOGIN_ERROR"
  | "ADMIN_LOGOUT"
  | "ADMIN_SETUP"
  | "DOCUMENT_UPLOADED"
  | "DOCUMENT_UPDATED"
  | "DOCUMENT_DELETED"
  | "DOCUMENT_DOWNLOADED"
  | "VIEW"
  | "VIEW_DOCUMENT"
  | "USER_INVITED"
  | "USER_ROLE_CHANGED"
  | "USER_ACTIVATED"
  | "USER_DEACTIVATED"
  | "SESSION_REVOKED"
  | "PASSWORD_CHANGED"
  | "PASSWORD_CHANGE_FAILED"
  | "LOGIN_SECOND_FACTOR_REQUIRED"
  | "TWO_FACTOR_ENABLED"
  | "TWO_FACTOR_DISABLED"
  | "TWO_FACTOR_FAILED"
  | "TWO_FACTOR_RECOVERY_CODE_USED"
  | "TWO_FACTOR_RECOVERY_CODES_REGENERATED"
  | "TWO_FACTOR_RESET"
  | "PASSWORD_RESET_LINK_CREATED"
  | "PASSWORD_RESET"
  | "SIGNING_KEY_ROTATED"
  | "SETTINGS_UPDATED"
  | "MENU_UPDATED"
  | "CONTACTS_UPDATED"
  | "TEST_SUITE_RUN"
  | "DATABASE_BACKUP"
  | "DATABASE_RESTORED"
  | "FOLDER_CREATED"
  | "FOLDER_DELETED"
  | "SHARE_LINK_CREATED"
  | "SHARE_LINK_REVOKED"
  | "SHARE_LINK_REGENERATED"
  | "DASHBOARD_CREATED"
  | "DASHBOARD_UPDATED"
  | "DASHBOARD_DELETED"
  | "DASHBOARD_MOVED";

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface ActivityInput {
  action: ActivityAction;
  entityType: string;
  entityId?: string | null;
  userId?: string | null;
  details?: Record<string, unknown>;
  meta?: RequestMeta;
}

/**
 * Writes one activity row. Callers must never put a password or token in `details`. A change
 * that has a transaction passes it as `db`, so the change and its row of the audit trail are
 * written together or not at all.
 */
export async function logActivity(ctx: AppContext, input: ActivityInput, db: Kysely<Database> = ctx.db.kysely): Promise<void> {
  await insertActivity(db, {
    id: randomUUID(),
    action: input.action,
    entity_type: input.entityType,
    entity_id: input.entityId ?? null,
    user_id: input.userId ?? null,
    details: JSON.stringify(input.details ?? {}),
    ip_address: input.meta?.ip ?? null,
    user_agent: input.meta?.userAgent ?? null,
    created_at: iso(ctx.now()),
  });
}

/**
 * Records an event that may repeat many times in a row (a blocked client trying again): the
 * first writes its row, the next ones only count on it (`attempts`, `last_attempt_at`), so a
 * client hammering the sign-in cannot grow the table. Two instances counting at the same moment
 * may each miss the other's increment; the row is there either way.
 */
export async function logRepeatedActivity(ctx: AppContext, input: ActivityInput & { entityId: string }): Promise<void> {
  const row = await selectLatestActivityOf(ctx.db.kysely, input.action, input.entityId);
  if (!row) {
    await logActivity(ctx, { ...input, details: { ...input.details, attempts: 1 } });
    return;
  }
  let details: Record<string, unknown> = {};
  try {
    details = JSON.parse(row.details) as Record<string, unknown>;
  } catch {
    // A row written by hand: start its count again.
  }
  const attempts = (typeof details.attempts === "number" ? details.attempts : 1) + 1;
  await updateActivityDetails(ctx.db.kysely, row.id, JSON.stringify({ ...details, attempts, last_attempt_at: iso(ctx.now()) }));
}

/** Deletes the activity rows older than the retention (ACTIVITY_RETENTION_DAYS); returns how many. */
export function applyActivityRetention(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - ctx.config.activityRetentionDays * 24 * HOUR);
  return deleteActivityBefore(ctx.db.kysely, iso(before));
}

export async function recentActivity(ctx: AppContext, limit = 5): Promise<ActivityLogRow[]> {
  return selectRecentActivity(ctx.db.kysely, limit);
}

export async function activityByAction(ctx: AppContext, action: ActivityAction): Promise<ActivityLogRow[]> {
  return selectActivityByAction(ctx.db.kysely, action);
}

/**
 * The Security page's action filter: the spec's six events (section 8), a deactivated account's
 * sign-in with the right password, the first-admin setup, revocations, password changes and resets,
 * and signing-key rotations.
 */
export const SECURITY_EVENT_ACTIONS = [
  "LOGIN_RATE_LIMITED",
  "LOGIN_FAILED",
  "ADMIN_ACCESS_DENIED",
  "LOGIN_ACCOUNT_DEACTIVATED",
  "ADMIN_LOGIN_SUCCESS",
  "LOGIN_ERROR",
  "ADMIN_LOGOUT",
  "ADMIN_SETUP",
  "SESSION_REVOKED",
  "PASSWORD_CHANGED",
  "PASSWORD_CHANGE_FAILED",
  "PASSWORD_RESET",
  "LOGIN_SECOND_FACTOR_REQUIRED",
  "TWO_FACTOR_ENABLED",
  "TWO_FACTOR_DISABLED",
  "TWO_FACTOR_FAILED",
  "TWO_FACTOR_RECOVERY_CODE_USED",
  "TWO_FACTOR_RECOVERY_CODES_REGENERATED",
  "TWO_FACTOR_RESET",
  "SIGNING_KEY_ROTATED",
] as const satisfies readonly ActivityAction[];

export const SECURITY_PERIODS = { "24h": 24 * HOUR, "7d": 7 * 24 * HOUR, "30d": 30 * 24 * HOUR, all: null } as const;
export type SecurityPeriod = keyof typeof SECURITY_PERIODS;
/** Events per page unless the address asks for another size (`?per=`, 12 to 100). */
export const SECURITY_EVENTS_PAGE_SIZE = TABLE_PER;

export interface SecurityEventFilter {
  action: (typeof SECURITY_EVENT_ACTIONS)[number] | null;
  /** Part of the e-mail the event is about, any case. */
  email: string;
  period: SecurityPeriod;
  /** 1-based; a page past the end shows the last one. */
  page: number;
  /** Events per page (12 to 100); SECURITY_EVENTS_PAGE_SIZE when absent. */
  per?: number;
}

export interface SecurityEventPage {
  events: ActivityLogRow[];
  total: number;
  /** The page shown: a page past the end shows the last one. */
  page: number;
  per: number;
  pageCount: number;
}

/** One page of security events matching the filter, newest first, with their exact number. */
export async function securityEvents(ctx: AppContext, filter: SecurityEventFilter): Promise<SecurityEventPage> {
  const { kysely: db, engine } = ctx.db;
  const span = SECURITY_PERIODS[filter.period];
  const email = filter.email.trim().toLowerCase();
  const query = {
    action: filter.action,
    emailPattern: email ? `%${email.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    since: span === null ? null : iso(new Date(ctx.now().getTime() - span)),
  };
  const wanted: Paging = { page: filter.page, per: filter.per ?? SECURITY_EVENTS_PAGE_SIZE };
  const { items, ...paging } = await readPage(
    wanted,
    () => countSecurityEvents(db, engine, query),
    (limit, offset) => selectSecurityEventPage(db, engine, query, limit, offset),
  );
  return { events: items, ...paging };
}
