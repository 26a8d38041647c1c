import { msg, plural } from "@lingui/core/macro";
import { type ActivityAction, logActivity, logRepeatedActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { UserRow } from "../db/types";
import { serverI18n } from "../i18n/i18n";
import { EMAIL_MAX, findUserByEmail, hasAdminAccess, markLoggedIn, normaliseEmail } from "../users/users.service";
import { decoyHash, verifyPassword } from "./passwords";
import { createSession } from "./sessions";
import { blockedUntil, clearFailures, recordFailure, retryAfterSeconds } from "./throttle";
import { hasEnabledTwoFactor } from "./two-factor/two-factor.queries";

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date; user: UserRow }
  /** The right password of an account with two-factor sign-in: no session yet, a code is asked for (two-factor/sign-in-step.ts). */
  | { ok: "second-factor"; user: UserRow }
  | { ok: false; status: 401 | 403 | 429 | 500; title: string; description: string; retryAfterSeconds?: number };

/** The spec has no wording for a deactivated account (admin-and-sharing section 8): ours, in its shape. */
export function deactivated(): { title: string; description: string } {
  const i18n = serverI18n();
  return {
    title: i18n._(msg`Account Deactivated`),
    description: i18n._(msg`This account has been deactivated. Contact an administrator.`),
  };
}

/** "12:45 UTC": the time a block ends, as the spec's message shows it. */
export function formatBlockEnd(date: Date): string {
  return `${date.toISOString().slice(11, 16)} UTC`;
}

export function rateLimited(until: Date, now: Date): SignInResult {
  const i18n = serverI18n();
  const time = formatBlockEnd(until);
  return {
    ok: false,
    status: 429,
    title: i18n._(msg`Too Many Login Attempts`),
    description: i18n._(msg`Account temporarily locked. Please try again after ${time}.`),
    retryAfterSeconds: retryAfterSeconds(until, now),
  };
}

/**
 * The admin sign-in rule (admin-and-sharing sections 4-8): throttle check,
 * password check (the same answer and timing for an unknown e-mail and a wrong
 * password), then the account's state (deactivated) and its admin access. Every outcome is logged.
 * `replacing` is the session token the browser still holds: a successful sign-in ends it.
 */
export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: RequestMeta,
  replacing: string | null = null,
): Promise<SignInResult> {
  // An address longer than mail allows is no account's: it is never looked up, and only its
  // beginning is kept in the counts and the log, so nobody can grow them by sending megabytes.
  const typed = normaliseEmail(input.email);
  const tooLong = typed.length > EMAIL_MAX;
  const email = tooLong ? `${typed.slice(0, EMAIL_MAX)}…` : typed;
  const keys = { email, ip: meta.ip };
  try {
    const until = await blockedUntil(ctx, keys);
    if (until) {
      // One row per block and client, counting its attempts: a blocked client cannot grow the log.
      await logRepeatedActivity(ctx, {
        action: "LOGIN_RATE_LIMITED",
        entityType: "SECURITY",
        entityId: `${email}|${meta.ip ?? ""}|${until.toISOString()}`,
        details: { email, blocked_until: until.toISOString() },
        meta,
      });
      return rateLimited(until, ctx.now());
    }

    const user = tooLong ? undefined : await findUserByEmail(ctx, email);
    const passwordOk = await verifyPassword(user?.password_hash ?? (await decoyHash()), input.password);
    if (!user || !passwordOk) {
      const { remaining, blockedUntil: blockEnd } = await recordFailure(ctx, keys);
      const reason = !user ? "unknown_email" : "wrong_password";
      await logActivity(ctx, {
        action: "LOGIN_FAILED",
        entityType: "SECURITY",
        userId: user?.id,
        details: { email, reason, remaining },
        meta,
      });
      if (blockEnd) {
        await logActivity(ctx, {
          action: "LOGIN_RATE_LIMITED",
          entityType: "SECURITY",
          // The attempts this block then refuses are counted on this row (logRepeatedActivity).
          entityId: `${email}|${meta.ip ?? ""}|${blockEnd.toISOString()}`,
          details: { email, blocked_until: blockEnd.toISOString() },
          meta,
        });
        return rateLimited(blockEnd, ctx.now());
      }
      return {
        ok: false,
        status: 401,
        title: serverI18n()._(msg`Authentication Failed`),
        description: serverI18n()._(msg`Invalid credentials. ${plural(remaining, { one: "# attempt", other: "# attempts" })} remaining.`),
      };
    }

    // What happened to this account's sign-in, once the password was right.
    const logAboutUser = (action: ActivityAction) =>
      logActivity(ctx, { action, entityType: "SECURITY", userId: user.id, details: { email, role: user.role }, meta });

    // Only after the right password, so it tells a guesser nothing; not a failure, so the owner
    // keeps their attempts for when an administrator reactivates the account.
    if (!user.is_active) {
      await logAboutUser("LOGIN_ACCOUNT_DEACTIVATED");
      return { ok: false, status: 403, ...deactivated() };
    }

    if (!hasAdminAccess(user.role)) {
      await logAboutUser("ADMIN_ACCESS_DENIED");
      return {
        ok: false,
        status: 403,
        title: serverI18n()._(msg`Access Denied`),
        description: serverI18n()._(msg`You do not have admin privileges`),
      };
    }

    // The password's failures stay counted until the code is right too: knowing the password
    // must not reset the count a guesser of codes runs into.
    if (await hasEnabledTwoFactor(ctx.db.kysely, user.id)) {
      await logAboutUser("LOGIN_SECOND_FACTOR_REQUIRED");
      return { ok: "second-factor", user };
    }

    await clearFailures(ctx, email);
    const session = await startStaffSession(ctx, user, meta, replacing);
    return { ok: true, token: session.token, expiresAt: session.expiresAt, user };
  } catch (error) {
    ctx.log.error({ err: error, email }, "sign-in failed unexpectedly");
    await logActivity(ctx, { action: "LOGIN_ERROR", entityType: "SECURITY", details: { email }, meta }).catch(() => {});
    return {
      ok: false,
      status: 500,
      title: serverI18n()._(msg`Error`),
      description: serverI18n()._(msg`An unexpected error occurred during login.`),
    };
  }
}

/**
 * A staff member is in, whichever way they signed in (password, second factor, a password link):
 * the session (ending the one it replaces), the last sign-in time, and the security event.
 */
export async function startStaffSession(
  ctx: AppContext,
  user: UserRow,
  meta: RequestMeta,
  replacing: string | null,
  details: Record<string, unknown> = {},
): Promise<{ token: string; expiresAt: Date }> {
  const session = await createSession(ctx, user.id, meta, replacing);
  await markLoggedIn(ctx, user.id);
  await logActivity(ctx, {
    action: "ADMIN_LOGIN_SUCCESS",
    entityType: "SECURITY",
    userId: user.id,
    details: { email: user.email, role: user.role, ...details },
    meta,
  });
  return session;
}
