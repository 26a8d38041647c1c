import { randomUUID } from "node:crypto";
import type { AppContext } from "../context";
import type { ActivityLogRow } from "../db/types";
import { iso } from "../time";
import { insertActivity, selectActivityByAction, selectRecentActivity } from "./activity.queries";

/** Security events of the spec (admin-and-sharing section 8), plus the public VIEW events. */
export type ActivityAction =
  | "LOGIN_RATE_LIMITED"
  | "LOGIN_FAILED"
  | "ADMIN_ACCESS_DENIED"
  | "ADMIN_LOGIN_SUCCESS"
  | "LOGIN_ERROR"
  | "ADMIN_LOGOUT"
  | "ADMIN_SETUP"
  | "DOCUMENT_UPLOADED"
  | "DOCUMENT_DOWNLOADED"
  | "VIEW"
  | "VIEW_DOCUMENT";

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

/** Writes one activity row. Callers must never put a password or token in `details`. */
export async function logActivity(ctx: AppContext, input: ActivityInput): Promise<void> {
  await insertActivity(ctx.db.kysely, {
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

export async function recentActivity(ctx: AppContext, limit = 5): Promise<ActivityLogRow[]> {
  return selectRecentActivity(ctx.db.kysely, limit);
}

export async function activityByAction(ctx: AppContext, action: ActivityAction): Promise<ActivityLogRow[]> {
  return selectActivityByAction(ctx.db.kysely, action);
}
