import { msg } from "@lingui/core/macro";
import type { RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { UserRow } from "../db/types";
import { serverI18n } from "../i18n/i18n";
import { HOUR } from "../time";
import { checkNewPassword, hasAdminAccess } from "../users/users.service";
import { accountOfLink, issueAccountLink, setPasswordWithLink } from "./account-links";
import { startStaffSession } from "./login";
import { hashPassword } from "./passwords";

/** An invitation link works once, for 7 days; there is no mail server, the admin sends it. */
export const SET_PASSWORD_TOKEN_TTL_MS = 7 * 24 * HOUR;

/**
 * Issues a one-time set-password link for an account that has no password
 * yet; earlier unused links of that account stop working. Returns its path.
 */
export function issueSetPasswordLink(ctx: AppContext, userId: string): Promise<{ path: string; expiresAt: Date }> {
  return issueAccountLink(ctx, userId, "set-password", SET_PASSWORD_TOKEN_TTL_MS, "/admin/set-password");
}

/**
 * The account a set-password token may still set a password for, or null
 * when the token is unknown, used, expired, or its account is inactive or
 * already has a password.
 */
export async function setPasswordAccount(ctx: AppContext, token: string): Promise<UserRow | null> {
  const user = await accountOfLink(ctx, token, "set-password");
  return user && user.password_hash === null ? user : null;
}

export class SetPasswordLinkInvalidError extends Error {
  constructor() {
    super(serverI18n()._(msg`This link is invalid, already used or expired. Ask an administrator for a new one.`));
  }
}

/**
 * Sets the password with a one-time link of an invitation or a reset: checks the rule, then claims
 * the link in the transaction that stores the password (account-links.ts).
 */
export async function completePasswordLink(
  ctx: AppContext,
  token: string,
  password: string,
  account: (ctx: AppContext, token: string) => Promise<UserRow | null>,
  purpose: "set-password" | "password-reset",
): Promise<UserRow> {
  checkNewPassword(password);
  // The link is checked before the slow hash, so unusable links cost the server little.
  const user = await account(ctx, token);
  if (!user) throw new SetPasswordLinkInvalidError();
  const passwordHash = await hashPassword(password);
  if (!(await setPasswordWithLink(ctx, token, purpose, user.id, passwordHash))) throw new SetPasswordLinkInvalidError();
  return user;
}

/** Sets the first password with a set-password token; the token works once. */
export function completeSetPassword(ctx: AppContext, token: string, password: string): Promise<UserRow> {
  return completePasswordLink(ctx, token, password, setPasswordAccount, "set-password");
}

/**
 * After a link set the password: signs the person in when their role may use the admin portal
 * (a "user" only learns that the account is ready). Logged like any sign-in; ends the session it replaces.
 */
export async function signInAfterLink(
  ctx: AppContext,
  user: UserRow,
  meta: RequestMeta,
  replacing: string | null,
  via: "set-password" | "password-reset",
): Promise<{ token: string; expiresAt: Date } | null> {
  if (!hasAdminAccess(user.role)) return null;
  return startStaffSession(ctx, user, meta, replacing, { via });
}

/** The invited person's side: sets the password with the link, then signs them in (signInAfterLink). */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  password: string,
  meta: RequestMeta,
  replacing: string | null = null,
): Promise<{ user: UserRow; session: { token: string; expiresAt: Date } | null }> {
  const user = await completeSetPassword(ctx, token, password);
  return { user, session: await signInAfterLink(ctx, user, meta, replacing, "set-password") };
}
