import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { UserRow } from "../db/types";
import { addMs, HOUR, iso } from "../time";
import { findUserById, hasAdminAccess, markLoggedIn, setInitialPassword, UserInputError } from "../users/users.service";
import { consumeOneTimeToken, insertOneTimeToken, retireOneTimeTokensOfUser, selectOneTimeToken } from "./auth.queries";
import { MIN_PASSWORD_LENGTH } from "./passwords";
import { createSession } from "./sessions";
import { newToken, tokenDigest } from "./tokens";

/** An invitation link works once, for 7 days; there is no mail server, the admin sends it. */
export const SET_PASSWORD_TOKEN_TTL_MS = 7 * 24 * HOUR;

/**
 * Issues a one-time set-password link for an account that has no password
 * yet; earlier unused links of that account stop working. Returns its path.
 */
export async function issueSetPasswordLink(ctx: AppContext, userId: string): Promise<{ path: string; expiresAt: Date }> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = addMs(now, SET_PASSWORD_TOKEN_TTL_MS);
  await retireOneTimeTokensOfUser(ctx.db.kysely, userId, "set-password", iso(now));
  await insertOneTimeToken(ctx.db.kysely, {
    id: tokenDigest(token),
    purpose: "set-password",
    user_id: userId,
    expires_at: iso(expiresAt),
    used_at: null,
    created_at: iso(now),
  });
  return { path: `/admin/set-password?token=${token}`, expiresAt };
}

/**
 * The account a set-password token may still set a password for, or null
 * when the token is unknown, used, expired, or its account is inactive or
 * already has a password.
 */
export async function setPasswordAccount(ctx: AppContext, token: string): Promise<UserRow | null> {
  if (!token) return null;
  const row = await selectOneTimeToken(ctx.db.kysely, tokenDigest(token));
  if (row?.purpose !== "set-password" || row.used_at || !row.user_id || new Date(row.expires_at) <= ctx.now()) return null;
  const user = await findUserById(ctx, row.user_id);
  return user && user.is_active === 1 && user.password_hash === null ? user : null;
}

export class SetPasswordLinkInvalidError extends Error {
  constructor() {
    super("This link is invalid, already used or expired. Ask an administrator for a new one.");
  }
}

/** Sets the first password with a set-password token; the token works once. */
export async function completeSetPassword(ctx: AppContext, token: string, password: string): Promise<UserRow> {
  if (password.length < MIN_PASSWORD_LENGTH) throw new UserInputError("Password must be at least 6 characters");
  const user = await setPasswordAccount(ctx, token);
  if (!user) throw new SetPasswordLinkInvalidError();
  // Claimed before the password is written, so two tabs cannot both use one link.
  const claimed = await consumeOneTimeToken(ctx.db.kysely, tokenDigest(token), "set-password", iso(ctx.now()));
  if (!claimed) throw new SetPasswordLinkInvalidError();
  await setInitialPassword(ctx, user.id, password);
  return user;
}

/**
 * The invited person's side: sets the password with the link, then signs
 * them in when their role may use the admin portal (a "user" only learns that
 * the account is ready). The sign-in is logged like any other, and ends the session it replaces.
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  password: string,
  meta: RequestMeta,
  replacing: string | null = null,
): Promise<{ user: UserRow; session: { token: string; expiresAt: Date } | null }> {
  const user = await completeSetPassword(ctx, token, password);
  if (!hasAdminAccess(user.role)) return { user, session: null };
  const session = await createSession(ctx, user.id, meta, replacing);
  await markLoggedIn(ctx, user.id);
  await logActivity(ctx, {
    action: "ADMIN_LOGIN_SUCCESS",
    entityType: "SECURITY",
    userId: user.id,
    details: { email: user.email, role: user.role, via: "set-password" },
    meta,
  });
  return { user, session };
}
