import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { UserRow } from "../db/types";
import { iso } from "../time";
import { deleteSession, selectLiveSessionsWithUsers, selectSessionWithUser } from "./auth.queries";

/** One signed-in browser, as the Security page lists it (never the token). */
export interface LiveSession {
  id: string;
  email: string;
  role: UserRow["role"];
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
}

/** Unexpired sessions of active accounts, most recently used first. */
export async function listLiveSessions(ctx: AppContext): Promise<LiveSession[]> {
  const rows = await selectLiveSessionsWithUsers(ctx.db.kysely, iso(ctx.now()));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    expiresAt: r.expires_at,
    ip: r.ip_address,
    userAgent: r.user_agent,
  }));
}

/**
 * Ends one session (its owner's next request lands on the sign-in form) and
 * logs SESSION_REVOKED. Returns false when the session was already gone.
 */
export async function revokeSession(ctx: AppContext, actor: UserRow, sessionId: string, meta: RequestMeta): Promise<boolean> {
  const found = await selectSessionWithUser(ctx.db.kysely, sessionId);
  if (!found) return false;
  await deleteSession(ctx.db.kysely, sessionId);
  await logActivity(ctx, {
    action: "SESSION_REVOKED",
    entityType: "SECURITY",
    userId: actor.id,
    details: { email: found.user.email, revoked_by: actor.email },
    meta,
  });
  return true;
}
