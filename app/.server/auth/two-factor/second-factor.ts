import { logActivity, type RequestMeta } from "../../activity/activity.service";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/types";
import { getOrCreateSecret } from "../../settings/settings.service";
import { iso } from "../../time";
import { blockedUntil, recordFailure } from "../throttle";
import { normaliseRecoveryCode, recoveryCodeDigest } from "./recovery-codes";
import { deriveBoxKey, open, seal } from "./secret-box";
import { matchingStep } from "./totp";
import { claimStep, consumeRecoveryCode, selectTwoFactor } from "./two-factor.queries";

/** The server secret (settings "secret:two-factor") the TOTP keys are sealed with; never rotated by keys:rotate. */
const BOX_SECRET = "two-factor";

async function boxKey(ctx: AppContext): Promise<Buffer> {
  return deriveBoxKey(await getOrCreateSecret(ctx, BOX_SECRET));
}

export async function sealKey(ctx: AppContext, key: Uint8Array, userId: string): Promise<string> {
  return seal(await boxKey(ctx), key, userId);
}

export async function openKey(ctx: AppContext, sealed: string, userId: string): Promise<Uint8Array> {
  return open(await boxKey(ctx), sealed, userId);
}

export type SecondFactorCheck =
  | { ok: true; method: "code" | "recovery-code" }
  | { ok: false; blockedUntil: Date; remaining?: undefined }
  | { ok: false; blockedUntil: null; remaining: number };

/**
 * Checks a code from the authenticator app (or, when `recovery` is allowed, a recovery code) for
 * an account, under the sign-in throttle: a block on the account's e-mail or the client's address
 * refuses before any check, and every wrong, malformed or already used code counts as one failed
 * sign-in (the same counters and limits as a wrong password) and is logged as TWO_FACTOR_FAILED.
 * An accepted code moves the account's last accepted time step forward in the same conditional
 * write that accepts it, so one code is never accepted twice, even by two requests at once.
 * `enabling` accepts the code of a pending enrolment and turns it on in that write.
 */
export async function checkSecondFactor(
  ctx: AppContext,
  user: UserRow,
  typed: string,
  meta: RequestMeta,
  options: { recovery: boolean; enabling?: boolean; purpose: string },
): Promise<SecondFactorCheck> {
  const keys = { email: user.email, ip: meta.ip };
  const until = await blockedUntil(ctx, keys);
  if (until) return { ok: false, blockedUntil: until };

  const now = ctx.now();
  const row = await selectTwoFactor(ctx.db.kysely, user.id);
  const enabling = options.enabling === true;
  let reason = "wrong_code";
  if (row && (row.enabled_at === null) === enabling) {
    const step = matchingStep(await openKey(ctx, row.secret, user.id), typed, now);
    if (step !== null) {
      if (await claimStep(ctx.db.kysely, user.id, step, iso(now), enabling)) return { ok: true, method: "code" };
      reason = "code_already_used";
    } else if (options.recovery && !enabling) {
      const code = normaliseRecoveryCode(typed);
      if (code && (await consumeRecoveryCode(ctx.db.kysely, user.id, recoveryCodeDigest(code), iso(now)))) {
        await logActivity(ctx, {
          action: "TWO_FACTOR_RECOVERY_CODE_USED",
          entityType: "SECURITY",
          userId: user.id,
          details: { email: user.email, purpose: options.purpose },
          meta,
        });
        return { ok: true, method: "recovery-code" };
      }
    }
  }
  const failure = await recordFailure(ctx, keys);
  await logActivity(ctx, {
    action: "TWO_FACTOR_FAILED",
    entityType: "SECURITY",
    userId: user.id,
    details: { email: user.email, reason, purpose: options.purpose, remaining: failure.remaining },
    meta,
  });
  return failure.blockedUntil
    ? { ok: false, blockedUntil: failure.blockedUntil }
    : { ok: false, blockedUntil: null, remaining: failure.remaining };
}
