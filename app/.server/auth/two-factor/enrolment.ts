import { randomBytes } from "node:crypto";
import { msg, plural } from "@lingui/core/macro";
import QRCode from "qrcode";
import { logActivity, type RequestMeta } from "../../activity/activity.service";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/types";
import { serverI18n } from "../../i18n/i18n";
import { iso } from "../../time";
import { deleteSessionsOfUser } from "../auth.queries";
import { formatBlockEnd } from "../login";
import { verifyPassword } from "../passwords";
import type { ActiveSession } from "../sessions";
import { blockedUntil, clearFailures, recordFailure, retryAfterSeconds } from "../throttle";
import { newRecoveryCodes } from "./recovery-codes";
import { checkSecondFactor, openKey, sealKey } from "./second-factor";
import { keyUri, manualEntryKey } from "./totp";
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  replaceRecoveryCodes,
  selectTwoFactor,
  upsertPendingTwoFactor,
} from "./two-factor.queries";

/** The issuer an authenticator app lists the account under. */
const ISSUER = "CCCM Somalia Admin";

export type TwoFactorStatus =
  | { enabled: true; recoveryCodesLeft: number }
  | { enabled: false; setup: { manualKey: string; qrSvg: string } };

/**
 * What the two-factor page shows: the state of an enabled account, or for any other the pending
 * enrolment's key (made on first view, kept until confirmed, so reloading shows the same QR code).
 */
export async function twoFactorStatus(ctx: AppContext, user: UserRow): Promise<TwoFactorStatus> {
  let row = await selectTwoFactor(ctx.db.kysely, user.id);
  if (row?.enabled_at) return { enabled: true, recoveryCodesLeft: await countUnusedRecoveryCodes(ctx.db.kysely, user.id) };
  if (!row) {
    // 20 random bytes: the key length RFC 4226 recommends for HMAC-SHA-1.
    const secret = await sealKey(ctx, randomBytes(20), user.id);
    await upsertPendingTwoFactor(ctx.db.kysely, { user_id: user.id, secret, created_at: iso(ctx.now()) });
    row = await selectTwoFactor(ctx.db.kysely, user.id);
    if (!row) throw new Error("The pending two-factor enrolment was not stored");
    if (row.enabled_at) return twoFactorStatus(ctx, user);
  }
  const key = await openKey(ctx, row.secret, user.id);
  // Rendered on the server as markup (no script, no data: image), so it shows under the strict CSP and without JavaScript.
  const qrSvg = await QRCode.toString(keyUri(ISSUER, user.email, key), { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { enabled: false, setup: { manualKey: manualEntryKey(key), qrSvg } };
}

export type TwoFactorChange =
  | { ok: true; recoveryCodes: string[] | null }
  | {
      ok: false;
      status: 400 | 409 | 429;
      fieldErrors: { code?: string; password?: string };
      error: { title: string; description: string } | null;
      retryAfterSeconds?: number;
    };

function blocked(until: Date, now: Date): TwoFactorChange {
  const i18n = serverI18n();
  const time = formatBlockEnd(until);
  return {
    ok: false,
    status: 429,
    fieldErrors: {},
    error: {
      title: i18n._(msg`Too Many Attempts`),
      description: i18n._(msg`Two-factor changes are locked. Please try again after ${time}.`),
    },
    retryAfterSeconds: retryAfterSeconds(until, now),
  };
}

/** "The code is not correct. 4 attempts remaining." */
function codeNotCorrect(remaining: number): string {
  return serverI18n()._(msg`The code is not correct. ${plural(remaining, { one: "# attempt", other: "# attempts" })} remaining.`);
}

/** Turns a pending enrolment on with a code from the app; returns the ten recovery codes to show once. */
export async function confirmEnrolment(ctx: AppContext, session: ActiveSession, code: string, meta: RequestMeta): Promise<TwoFactorChange> {
  const { user } = session;
  const row = await selectTwoFactor(ctx.db.kysely, user.id);
  if (!row || row.enabled_at) {
    return {
      ok: false,
      status: 409,
      fieldErrors: {},
      error: { title: serverI18n()._(msg`Nothing to confirm`), description: serverI18n()._(msg`Reload the page to start again.`) },
    };
  }
  if (!code.trim())
    return { ok: false, status: 400, fieldErrors: { code: serverI18n()._(msg`Enter the 6-digit code from your app`) }, error: null };
  const check = await checkSecondFactor(ctx, user, code, meta, { recovery: false, enabling: true, purpose: "enable" });
  if (!check.ok) {
    if (check.blockedUntil) return blocked(check.blockedUntil, ctx.now());
    return { ok: false, status: 400, fieldErrors: { code: codeNotCorrect(check.remaining) }, error: null };
  }
  const recoveryCodes = await storeNewRecoveryCodes(ctx, user.id);
  await clearFailures(ctx, user.email);
  await logActivity(ctx, { action: "TWO_FACTOR_ENABLED", entityType: "SECURITY", userId: user.id, details: { email: user.email }, meta });
  return { ok: true, recoveryCodes };
}

async function storeNewRecoveryCodes(ctx: AppContext, userId: string): Promise<string[]> {
  const { codes, digests } = newRecoveryCodes();
  const at = iso(ctx.now());
  await replaceRecoveryCodes(
    ctx.db.kysely,
    userId,
    digests.map((code_hash) => ({ code_hash, user_id: userId, used_at: null, created_at: at })),
  );
  return codes;
}

/**
 * Disabling two-factor sign-in or replacing the recovery codes asks for the current password and
 * a code (or a recovery code): an unattended session alone cannot weaken the account. Both count
 * as failed sign-ins when wrong.
 */
export async function changeTwoFactor(
  ctx: AppContext,
  session: ActiveSession,
  change: "disable" | "regenerate",
  input: { password: string; code: string },
  meta: RequestMeta,
): Promise<TwoFactorChange> {
  const { user } = session;
  const keys = { email: user.email, ip: meta.ip };
  const until = await blockedUntil(ctx, keys);
  if (until) return blocked(until, ctx.now());
  const fieldErrors: { code?: string; password?: string } = {};
  if (!input.password) fieldErrors.password = serverI18n()._(msg`Enter your current password`);
  if (!input.code.trim()) fieldErrors.code = serverI18n()._(msg`Enter a code from your app or a recovery code`);
  if (fieldErrors.password || fieldErrors.code) return { ok: false, status: 400, fieldErrors, error: null };

  if (!user.password_hash || !(await verifyPassword(user.password_hash, input.password))) {
    const failure = await recordFailure(ctx, keys);
    await logActivity(ctx, {
      action: "TWO_FACTOR_FAILED",
      entityType: "SECURITY",
      userId: user.id,
      details: { email: user.email, reason: "wrong_password", purpose: change, remaining: failure.remaining },
      meta,
    });
    if (failure.blockedUntil) return blocked(failure.blockedUntil, ctx.now());
    const remaining = failure.remaining;
    return {
      ok: false,
      status: 400,
      fieldErrors: {
        password: serverI18n()._(
          msg`The password is not correct. ${plural(remaining, { one: "# attempt", other: "# attempts" })} remaining.`,
        ),
      },
      error: null,
    };
  }
  const check = await checkSecondFactor(ctx, user, input.code, meta, { recovery: true, purpose: change });
  if (!check.ok) {
    if (check.blockedUntil) return blocked(check.blockedUntil, ctx.now());
    return { ok: false, status: 400, fieldErrors: { code: codeNotCorrect(check.remaining) }, error: null };
  }
  await clearFailures(ctx, user.email);
  if (change === "disable") {
    await ctx.db.kysely.transaction().execute((trx) => deleteTwoFactor(trx, user.id));
    await logActivity(ctx, {
      action: "TWO_FACTOR_DISABLED",
      entityType: "SECURITY",
      userId: user.id,
      details: { email: user.email },
      meta,
    });
    return { ok: true, recoveryCodes: null };
  }
  const recoveryCodes = await storeNewRecoveryCodes(ctx, user.id);
  await logActivity(ctx, {
    action: "TWO_FACTOR_RECOVERY_CODES_REGENERATED",
    entityType: "SECURITY",
    userId: user.id,
    details: { email: user.email },
    meta,
  });
  return { ok: true, recoveryCodes };
}

/**
 * The operator's way back in for someone who lost both the phone and the recovery codes
 * (`portal user:reset-two-factor`): the enrolment and codes are removed, so the next sign-in
 * asks for the password only (and, when admins must have it, leads to enrolment again). Every
 * session of the account ends, as whoever holds the phone may be signed in.
 */
export async function resetTwoFactor(ctx: AppContext, user: UserRow): Promise<boolean> {
  const had = (await selectTwoFactor(ctx.db.kysely, user.id)) !== undefined;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await deleteTwoFactor(trx, user.id);
    await deleteSessionsOfUser(trx, user.id);
  });
  await logActivity(ctx, {
    action: "TWO_FACTOR_RESET",
    entityType: "SECURITY",
    userId: user.id,
    details: { email: user.email, by: "command line", had_two_factor: had },
  });
  return had;
}
