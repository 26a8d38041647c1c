import { msg, plural } from "@lingui/core/macro";
import { logActivity, type RequestMeta } from "../../activity/activity.service";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/types";
import { serverI18n } from "../../i18n/i18n";
import { addMs, iso, MINUTE } from "../../time";
import { findUserById, hasAdminAccess } from "../../users/users.service";
import { consumeOneTimeToken, insertOneTimeToken, retireOneTimeTokensOfUser, selectOneTimeToken } from "../auth.queries";
import { rateLimited, type SignInResult, startStaffSession } from "../login";
import { clearFailures } from "../throttle";
import { newToken, tokenDigest } from "../tokens";
import { checkSecondFactor } from "./second-factor";

/** How long the half-signed-in state lasts between the right password and the code. */
export const SECOND_STEP_MS = 5 * MINUTE;
const PURPOSE = "two-factor-sign-in";

/**
 * After the right password of an account with two-factor sign-in: a token for the second step
 * (stored as its digest, one account, five minutes, used once). It is not a session: it opens
 * nothing but the code form. Earlier unused ones of the account stop working.
 */
export async function startSecondStep(ctx: AppContext, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = addMs(now, SECOND_STEP_MS);
  await retireOneTimeTokensOfUser(ctx.db.kysely, userId, PURPOSE, iso(now));
  await insertOneTimeToken(ctx.db.kysely, {
    id: tokenDigest(token),
    purpose: PURPOSE,
    user_id: userId,
    expires_at: iso(expiresAt),
    used_at: null,
    created_at: iso(now),
  });
  return { token, expiresAt };
}

/** The account waiting for its second step, while the token is unused and unexpired and the account may sign in. */
export async function secondStepUser(ctx: AppContext, token: string | null): Promise<UserRow | null> {
  if (!token) return null;
  const row = await selectOneTimeToken(ctx.db.kysely, tokenDigest(token));
  if (row?.purpose !== PURPOSE || row.used_at || !row.user_id || new Date(row.expires_at) <= ctx.now()) return null;
  const user = await findUserById(ctx, row.user_id);
  return user?.is_active === 1 && hasAdminAccess(user.role) ? user : null;
}

/**
 * The second step's expiry: read in the request's language each time (getters), so a route can
 * spread it into an answer or compare a result's title with it.
 */
export const SECOND_STEP_EXPIRED = {
  get title(): string {
    return serverI18n()._(msg`Sign-in expired`);
  },
  get description(): string {
    return serverI18n()._(msg`Five minutes passed or the sign-in was finished elsewhere. Please sign in again.`);
  },
};

/**
 * The second step: a code from the app or a recovery code, under the sign-in throttle
 * (checkSecondFactor). Success uses the token up and starts the session exactly as a
 * password-only sign-in does.
 */
export async function finishSecondStep(
  ctx: AppContext,
  token: string | null,
  typed: string,
  meta: RequestMeta,
  replacing: string | null = null,
): Promise<SignInResult> {
  const user = await secondStepUser(ctx, token);
  if (!user || !token) return { ok: false, status: 401, ...SECOND_STEP_EXPIRED };
  const check = await checkSecondFactor(ctx, user, typed, meta, { recovery: true, purpose: "sign-in" });
  if (!check.ok) {
    if (check.blockedUntil) {
      await logActivity(ctx, {
        action: "LOGIN_RATE_LIMITED",
        entityType: "SECURITY",
        entityId: `${user.email}|${meta.ip ?? ""}|${check.blockedUntil.toISOString()}`,
        details: { email: user.email, blocked_until: check.blockedUntil.toISOString() },
        meta,
      });
      return rateLimited(check.blockedUntil, ctx.now());
    }
    const i18n = serverI18n();
    const remaining = check.remaining;
    return {
      ok: false,
      status: 401,
      title: i18n._(msg`Authentication Failed`),
      description: i18n._(msg`Invalid code. ${plural(remaining, { one: "# attempt", other: "# attempts" })} remaining.`),
    };
  }
  if (!(await consumeOneTimeToken(ctx.db.kysely, tokenDigest(token), PURPOSE, iso(ctx.now())))) {
    return { ok: false, status: 401, ...SECOND_STEP_EXPIRED };
  }
  await clearFailures(ctx, user.email);
  const session = await startStaffSession(ctx, user, meta, replacing, { second_factor: check.method });
  return { ok: true, token: session.token, expiresAt: session.expiresAt, user };
}
