import { msg, plural } from "@lingui/core/macro";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import { serverI18n } from "../i18n/i18n";
import { storePasswordHash } from "../users/users.service";
import { deleteOtherSessionsOfUser } from "./auth.queries";
import { formatBlockEnd } from "./login";
import { newPasswordErrors } from "./password-rules";
import { hashPassword, verifyPassword } from "./passwords";
import type { ActiveSession } from "./sessions";
import { blockedUntil, clearFailures, recordFailure, retryAfterSeconds } from "./throttle";

export interface PasswordChange {
  current: string;
  password: string;
  confirm: string;
}

export type PasswordChangeResult =
  | { ok: true; endedSessions: number }
  | {
      ok: false;
      status: 400 | 429;
      fieldErrors: Partial<Record<keyof PasswordChange, string>>;
      error: { title: string; description: string } | null;
      retryAfterSeconds?: number;
    };

export function samePasswordMessage(): string {
  return serverI18n()._(msg`The new password must differ from the current one`);
}

function blocked(until: Date, now: Date): PasswordChangeResult {
  const i18n = serverI18n();
  const time = formatBlockEnd(until);
  return {
    ok: false,
    status: 429,
    fieldErrors: {},
    error: {
      title: i18n._(msg`Too Many Attempts`),
      description: i18n._(msg`Password changes are locked. Please try again after ${time}.`),
    },
    retryAfterSeconds: retryAfterSeconds(until, now),
  };
}

/**
 * A signed-in person changes their own password (ASVS V6.2.3): the current one is required, the
 * new one meets the rule. Wrong current passwords count like failed sign-ins on the account's
 * e-mail and the client's address (the same limits and block, so an unattended session cannot be
 * used to guess it). On success every other session of the account ends; this one stays.
 * Logs PASSWORD_CHANGED or PASSWORD_CHANGE_FAILED (never a password).
 */
export async function changeOwnPassword(
  ctx: AppContext,
  session: ActiveSession,
  input: PasswordChange,
  meta: RequestMeta,
): Promise<PasswordChangeResult> {
  const { user } = session;
  const keys = { email: user.email, ip: meta.ip };
  const until = await blockedUntil(ctx, keys);
  if (until) return blocked(until, ctx.now());

  const fieldErrors: Partial<Record<keyof PasswordChange, string>> = newPasswordErrors(input.password, input.confirm);
  if (!input.current) fieldErrors.current = serverI18n()._(msg`Enter your current password`);
  if (Object.keys(fieldErrors).length) return { ok: false, status: 400, fieldErrors, error: null };

  if (!user.password_hash || !(await verifyPassword(user.password_hash, input.current))) {
    const { remaining, blockedUntil: blockEnd } = await recordFailure(ctx, keys);
    await logActivity(ctx, {
      action: "PASSWORD_CHANGE_FAILED",
      entityType: "SECURITY",
      userId: user.id,
      details: { email: user.email, reason: "wrong_current_password", remaining },
      meta,
    });
    if (blockEnd) return blocked(blockEnd, ctx.now());
    const wrong = serverI18n()._(
      msg`The current password is not correct. ${plural(remaining, { one: "# attempt", other: "# attempts" })} remaining.`,
    );
    return { ok: false, status: 400, fieldErrors: { current: wrong }, error: null };
  }
  if (input.password === input.current) return { ok: false, status: 400, fieldErrors: { password: samePasswordMessage() }, error: null };

  const passwordHash = await hashPassword(input.password);
  const endedSessions = await ctx.db.kysely.transaction().execute(async (trx) => {
    await storePasswordHash(ctx, trx, user.id, passwordHash);
    return deleteOtherSessionsOfUser(trx, user.id, session.id);
  });
  await clearFailures(ctx, user.email);
  await logActivity(ctx, {
    action: "PASSWORD_CHANGED",
    entityType: "SECURITY",
    userId: user.id,
    details: { email: user.email, other_sessions_ended: endedSessions },
    meta,
  });
  return { ok: true, endedSessions };
}
