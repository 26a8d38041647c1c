import { msg } from "@lingui/core/macro";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { UserRow } from "../db/types";
import { serverI18n } from "../i18n/i18n";
import { HOUR } from "../time";
import { AccountRuleError, findUserById, noSuchAccountMessage, onlyAdminsMessage } from "../users/users.service";
import { accountOfLink, issueAccountLink } from "./account-links";
import { completePasswordLink, signInAfterLink } from "./set-password";

/** A reset link works once, for one hour, like the first-admin setup link; the admin sends it. */
export const PASSWORD_RESET_TOKEN_TTL_MS = HOUR;

/** Who asked for a reset link: an admin on the Users page, or the operator with `user:reset-password`. */
export type ResetRequester = { kind: "admin"; user: UserRow } | { kind: "command-line" };

export interface PasswordResetLink {
  user: UserRow;
  /** Path of the one-time link (the caller adds the origin). */
  path: string;
  expiresAt: Date;
}

/**
 * Creates a one-time password reset link for an active account that has a password (an invited
 * account that never set one gets a new invitation instead). The current password keeps working
 * until the link is used; an earlier unused reset link of the account stops working. Logs
 * PASSWORD_RESET_LINK_CREATED (never the link).
 */
export async function issuePasswordResetLink(
  ctx: AppContext,
  requester: ResetRequester,
  userId: string,
  meta: RequestMeta,
): Promise<PasswordResetLink> {
  if (requester.kind === "admin" && (requester.user.role !== "admin" || !requester.user.is_active)) {
    throw new AccountRuleError(onlyAdminsMessage());
  }
  const user = await findUserById(ctx, userId);
  if (!user) throw new AccountRuleError(noSuchAccountMessage());
  const email = user.email;
  if (!user.is_active)
    throw new AccountRuleError(serverI18n()._(msg`${email} is deactivated: activate the account before resetting its password`));
  if (user.password_hash === null) {
    throw new AccountRuleError(serverI18n()._(msg`${email} has not set a password yet: invite them again for a new set-password link`));
  }
  const link = await issueAccountLink(ctx, user.id, "password-reset", PASSWORD_RESET_TOKEN_TTL_MS, "/admin/reset-password");
  await logActivity(ctx, {
    action: "PASSWORD_RESET_LINK_CREATED",
    entityType: "USER",
    entityId: user.id,
    userId: requester.kind === "admin" ? requester.user.id : null,
    details: {
      email: user.email,
      by: requester.kind === "admin" ? requester.user.email : "command line",
      expires_at: link.expiresAt.toISOString(),
    },
    meta,
  });
  return { user, ...link };
}

/** The account a reset link may still set a password for, or null (unknown, used, expired, inactive). */
export function passwordResetAccount(ctx: AppContext, token: string): Promise<UserRow | null> {
  return accountOfLink(ctx, token, "password-reset");
}

/**
 * The person's side: sets the new password with the link (once), which ends every session of the
 * account, then signs this browser in when the role may use the admin portal. Logs PASSWORD_RESET.
 */
export async function completePasswordReset(
  ctx: AppContext,
  token: string,
  password: string,
  meta: RequestMeta,
  replacing: string | null = null,
): Promise<{ user: UserRow; session: { token: string; expiresAt: Date } | null }> {
  const user = await completePasswordLink(ctx, token, password, passwordResetAccount, "password-reset");
  await logActivity(ctx, { action: "PASSWORD_RESET", entityType: "SECURITY", userId: user.id, details: { email: user.email }, meta });
  return { user, session: await signInAfterLink(ctx, user, meta, replacing, "password-reset") };
}
