import type { AppContext } from "../context";
import type { OneTimeTokensTable, UserRow } from "../db/types";
import { addMs, iso } from "../time";
import { findUserById, storePasswordHash } from "../users/users.service";
import {
  consumeOneTimeToken,
  deleteSessionsOfUser,
  insertOneTimeToken,
  retireOneTimeTokensOfUser,
  selectOneTimeToken,
} from "./auth.queries";
import { newToken, tokenDigest } from "./tokens";

/**
 * One-time links that let one account choose a password: an invitation's set-password link and a
 * password reset link are the same kind of token (stored as a digest, one purpose, one account,
 * an expiry, used once); only their purpose, lifetime and page differ.
 */
export type AccountLinkPurpose = Extract<OneTimeTokensTable["purpose"], "set-password" | "password-reset">;

/** Issues a link for an account; its earlier unused links of the same purpose stop working. Returns its path. */
export async function issueAccountLink(
  ctx: AppContext,
  userId: string,
  purpose: AccountLinkPurpose,
  ttlMs: number,
  page: string,
): Promise<{ path: string; expiresAt: Date }> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = addMs(now, ttlMs);
  await retireOneTimeTokensOfUser(ctx.db.kysely, userId, purpose, iso(now));
  await insertOneTimeToken(ctx.db.kysely, {
    id: tokenDigest(token),
    purpose,
    user_id: userId,
    expires_at: iso(expiresAt),
    used_at: null,
    created_at: iso(now),
  });
  return { path: `${page}?token=${token}`, expiresAt };
}

/** The account a link is for, while it is unused and unexpired and the account active; else null. */
export async function accountOfLink(ctx: AppContext, token: string, purpose: AccountLinkPurpose): Promise<UserRow | null> {
  if (!token) return null;
  const row = await selectOneTimeToken(ctx.db.kysely, tokenDigest(token));
  if (row?.purpose !== purpose || row.used_at || !row.user_id || new Date(row.expires_at) <= ctx.now()) return null;
  const user = await findUserById(ctx, row.user_id);
  return user?.is_active === 1 ? user : null;
}

/**
 * Uses a link: claims it and stores the new password hash in one transaction, and ends every
 * session of the account. The claim is a conditional write, so of two tabs sending one link at
 * once only one sets a password. Returns false when the link was used or expired meanwhile.
 */
export async function setPasswordWithLink(
  ctx: AppContext,
  token: string,
  purpose: AccountLinkPurpose,
  userId: string,
  passwordHash: string,
): Promise<boolean> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    if (!(await consumeOneTimeToken(trx, tokenDigest(token), purpose, iso(ctx.now())))) return false;
    await storePasswordHash(ctx, trx, userId, passwordHash);
    await deleteSessionsOfUser(trx, userId);
    return true;
  });
}
