import { msg } from "@lingui/core/macro";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { UserRow } from "../db/types";
import { serverI18n } from "../i18n/i18n";
import { addMs, HOUR, iso } from "../time";
import { hasActiveAdmin, type NewAccount, newAccount, storeAccount } from "../users/users.service";
import { consumeOneTimeToken, insertOneTimeToken, lockSetupTokens, selectOneTimeToken } from "./auth.queries";
import { newToken, tokenDigest } from "./tokens";

export const SETUP_TOKEN_TTL_MS = HOUR;

/**
 * With no active admin account, issues a one-time first-admin link valid for
 * one hour; returns its path, or null when an admin exists. There is no
 * default password (ARCHITECTURE.md section 3).
 */
export async function issueSetupLink(ctx: AppContext): Promise<string | null> {
  if (await hasActiveAdmin(ctx)) return null;
  const token = newToken();
  const now = ctx.now();
  await insertOneTimeToken(ctx.db.kysely, {
    id: tokenDigest(token),
    purpose: "admin-setup",
    user_id: null,
    expires_at: iso(addMs(now, SETUP_TOKEN_TTL_MS)),
    used_at: null,
    created_at: iso(now),
  });
  return `/admin/setup?token=${token}`;
}

/** Whether a setup token can still be used (for rendering the form). */
export async function isSetupTokenValid(ctx: AppContext, token: string): Promise<boolean> {
  const row = await selectOneTimeToken(ctx.db.kysely, tokenDigest(token));
  return !!row && row.purpose === "admin-setup" && !row.used_at && new Date(row.expires_at) > ctx.now() && !(await hasActiveAdmin(ctx));
}

export class SetupLinkInvalidError extends Error {
  constructor() {
    super(
      serverI18n()._(
        msg`This setup link is invalid, used or expired. Restart the portal to print a new one, or run \`npm run portal -- admin:create\`.`,
      ),
    );
  }
}

/**
 * Creates the first admin with a setup token; the token works once. It is claimed in the
 * transaction that stores the account, so of requests sent at once with one link (or with two
 * links printed by two starts) only one creates an admin, and an account refused (its e-mail is
 * taken) leaves the link usable.
 */
export async function completeSetup(
  ctx: AppContext,
  token: string,
  account: Omit<NewAccount, "role">,
  meta: RequestMeta,
): Promise<UserRow> {
  if (!(await isSetupTokenValid(ctx, token))) throw new SetupLinkInvalidError();
  const user = await newAccount(ctx, { ...account, role: "admin" });
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await lockSetupTokens(trx, ctx.db.engine);
    if (!(await consumeOneTimeToken(trx, tokenDigest(token), "admin-setup", iso(ctx.now())))) throw new SetupLinkInvalidError();
    if (await hasActiveAdmin(ctx, trx)) throw new SetupLinkInvalidError();
    await storeAccount(trx, user);
  });
  await logActivity(ctx, { action: "ADMIN_SETUP", entityType: "SECURITY", userId: user.id, details: { email: user.email }, meta });
  return user;
}
