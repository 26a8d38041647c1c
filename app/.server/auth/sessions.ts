import type { AppContext } from "../context";
import type { UserRow } from "../db/types";
import { addMs, HOUR, iso, MINUTE } from "../time";
import {
  countLiveSessions,
  deleteExpiredSessions,
  deleteSession,
  deleteSessionsOfUser,
  insertSession,
  selectSessionWithUser,
  updateSessionExpiry,
} from "./auth.queries";
import { newToken, tokenDigest } from "./tokens";

/** A session ends after this long without a request... */
export const SESSION_IDLE_MS = 60 * MINUTE;
/** ...and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 12 * HOUR;
/** Sliding the idle expiry costs a write; do it at most once a minute per session. */
const TOUCH_INTERVAL_MS = MINUTE;

export interface ActiveSession {
  id: string;
  user: UserRow;
  expiresAt: Date;
}

/**
 * Starts a session. `replacing` is the session token the browser still holds, if any: a new
 * sign-in ends the session it replaces, so a token planted in or copied from that browser
 * stops working at once (whoever's it was).
 */
export async function createSession(
  ctx: AppContext,
  userId: string,
  meta: { ip: string | null; userAgent: string | null },
  replacing: string | null = null,
): Promise<{ token: string; expiresAt: Date }> {
  const now = ctx.now();
  const token = newToken();
  const expiresAt = addMs(now, SESSION_IDLE_MS);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    if (replacing) await deleteSession(trx, tokenDigest(replacing));
    await insertSession(trx, {
      id: tokenDigest(token),
      user_id: userId,
      created_at: iso(now),
      last_seen_at: iso(now),
      expires_at: iso(expiresAt),
      ip_address: meta.ip,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
    });
  });
  return { token, expiresAt };
}

/**
 * The live session for a cookie token, or null. Expired sessions and
 * sessions of inactive accounts are removed on sight. Each use slides the
 * idle expiry, never past the absolute one.
 */
export async function resolveSession(ctx: AppContext, token: string): Promise<ActiveSession | null> {
  const id = tokenDigest(token);
  const found = await selectSessionWithUser(ctx.db.kysely, id);
  if (!found) return null;
  const now = ctx.now();
  const { session, user } = found;
  if (new Date(session.expires_at) <= now || !user.is_active) {
    await deleteSession(ctx.db.kysely, id);
    return null;
  }
  let expiresAt = new Date(session.expires_at);
  if (now.getTime() - new Date(session.last_seen_at).getTime() >= TOUCH_INTERVAL_MS) {
    expiresAt = slidExpiry(now, new Date(session.created_at));
    await updateSessionExpiry(ctx.db.kysely, id, iso(now), iso(expiresAt));
  }
  return { id, user, expiresAt };
}

/** Extends a session now (the admin page's refresh when under 5 minutes remain). */
export async function refreshSession(ctx: AppContext, session: ActiveSession): Promise<Date> {
  const found = await selectSessionWithUser(ctx.db.kysely, session.id);
  if (!found) return session.expiresAt;
  const now = ctx.now();
  const expiresAt = slidExpiry(now, new Date(found.session.created_at));
  await updateSessionExpiry(ctx.db.kysely, session.id, iso(now), iso(expiresAt));
  return expiresAt;
}

function slidExpiry(now: Date, createdAt: Date): Date {
  const idle = now.getTime() + SESSION_IDLE_MS;
  const absolute = createdAt.getTime() + SESSION_ABSOLUTE_MS;
  return new Date(Math.min(idle, absolute));
}

export function destroySession(ctx: AppContext, sessionId: string): Promise<void> {
  return deleteSession(ctx.db.kysely, sessionId);
}

/** Signs an account out everywhere (deactivation, role change). */
export function destroySessionsOfUser(ctx: AppContext, userId: string): Promise<void> {
  return deleteSessionsOfUser(ctx.db.kysely, userId);
}

export function purgeExpiredSessions(ctx: AppContext): Promise<void> {
  return deleteExpiredSessions(ctx.db.kysely, iso(ctx.now()));
}

export function activeSessionCount(ctx: AppContext): Promise<number> {
  return countLiveSessions(ctx.db.kysely, iso(ctx.now()));
}

/**
 * The live session for a cookie token, like `resolveSession` but without
 * sliding its expiry: the admin page's periodic status check must not keep an
 * unattended session alive by itself. Never creates a session.
 */
export async function peekSession(ctx: AppContext, token: string): Promise<ActiveSession | null> {
  const id = tokenDigest(token);
  const found = await selectSessionWithUser(ctx.db.kysely, id);
  if (!found) return null;
  const { session, user } = found;
  if (new Date(session.expires_at) <= ctx.now() || !user.is_active) {
    await deleteSession(ctx.db.kysely, id);
    return null;
  }
  return { id, user, expiresAt: new Date(session.expires_at) };
}
