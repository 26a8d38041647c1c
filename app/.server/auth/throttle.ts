import type { AppContext } from "../context";
import { addMs, iso, MINUTE } from "../time";
import { deleteExpiredThrottles, deleteThrottle, lockThrottle, selectThrottle, updateThrottle } from "./auth.queries";

/**
 * Failure limits, kept in the database so every instance and every restart sees the same state.
 * - email: 5 failed sign-ins within 15 minutes block that e-mail for 30 minutes (the spec's
 *   client-side rule, now on the server).
 * - ip: a looser sign-in limit against one client trying many e-mails.
 * - share: share links (/shared/document/{token}, /shared/folder/{token}) that match nothing,
 *   per client address: tokens are unguessable, so many misses mean someone is scanning. The
 *   limit is loose because a field office's staff may share one address.
 */
export const THROTTLE_RULES = {
  email: { maxFailures: 5, windowMs: 15 * MINUTE, blockMs: 30 * MINUTE },
  ip: { maxFailures: 20, windowMs: 15 * MINUTE, blockMs: 30 * MINUTE },
  share: { maxFailures: 30, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
} as const;

export type ThrottleScope = keyof typeof THROTTLE_RULES;
type ThrottleKey = readonly [ThrottleScope, string];

function keyOf([scope, value]: ThrottleKey): string {
  return `${scope}:${value}`;
}

/**
 * Drops every count whose window closed and whose block (if any) ended: without this, each
 * e-mail and address ever tried kept a row (the sweeper of `serve` runs it every 10 minutes).
 */
export function purgeExpiredThrottles(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const longestWindow = Math.max(...Object.values(THROTTLE_RULES).map((r) => r.windowMs));
  return deleteExpiredThrottles(ctx.db.kysely, iso(now), iso(addMs(now, -longestWindow)));
}

/** A 429's Retry-After: whole seconds until a block ends, at least one. */
export function retryAfterSeconds(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** The end of the longest block on any of the given keys, or null when none is blocked. */
export async function blockedUntilOn(ctx: AppContext, keys: readonly ThrottleKey[]): Promise<Date | null> {
  const now = ctx.now();
  let until: Date | null = null;
  for (const key of keys) {
    const row = await selectThrottle(ctx.db.kysely, keyOf(key));
    if (row?.blocked_until && new Date(row.blocked_until) > now) {
      const end = new Date(row.blocked_until);
      if (!until || end > until) until = end;
    }
  }
  return until;
}

/** Counts one failure on a key; returns the failures left before a block, and the block's end if this one started it. */
export async function countFailure(ctx: AppContext, key: ThrottleKey): Promise<{ remaining: number; blockedUntil: Date | null }> {
  const now = ctx.now();
  const rule = THROTTLE_RULES[key[0]];
  // The row is locked for the read and the write, so concurrent failures (on any instance) are all counted.
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await lockThrottle(trx, keyOf(key), iso(now));
    const windowOpen = now.getTime() - new Date(row.window_started_at).getTime() < rule.windowMs;
    const failures = windowOpen ? row.failures + 1 : 1;
    const blockEnd = failures >= rule.maxFailures ? addMs(now, rule.blockMs) : null;
    await updateThrottle(trx, {
      key: keyOf(key),
      // A block starts a fresh window, so after it ends the count starts from zero.
      failures: blockEnd ? 0 : failures,
      window_started_at: blockEnd ? iso(blockEnd) : windowOpen ? row.window_started_at : iso(now),
      blocked_until: blockEnd ? iso(blockEnd) : row.blocked_until,
    });
    return { remaining: Math.max(0, rule.maxFailures - failures), blockedUntil: blockEnd };
  });
}

// Sign-in ---------------------------------------------------------------------------------------

function signInKeys(keys: { email: string; ip: string | null }): ThrottleKey[] {
  return keys.ip
    ? [
        ["email", keys.email],
        ["ip", keys.ip],
      ]
    : [["email", keys.email]];
}

/** Whether sign-in is blocked for this e-mail or this address, and until when. */
export function blockedUntil(ctx: AppContext, keys: { email: string; ip: string | null }): Promise<Date | null> {
  return blockedUntilOn(ctx, signInKeys(keys));
}

/**
 * Counts one failed sign-in on the e-mail and the address. Returns the attempts left for the
 * e-mail before it is blocked, and the block's end if this failure started one.
 */
export async function recordFailure(
  ctx: AppContext,
  keys: { email: string; ip: string | null },
): Promise<{ remaining: number; blockedUntil: Date | null }> {
  let remaining = 0;
  let blocked: Date | null = null;
  for (const key of signInKeys(keys)) {
    const result = await countFailure(ctx, key);
    if (key[0] === "email") remaining = result.remaining;
    if (result.blockedUntil && (!blocked || result.blockedUntil > blocked)) blocked = result.blockedUntil;
  }
  return { remaining, blockedUntil: blocked };
}

/** A successful sign-in clears the e-mail's count (not the address's). */
export function clearFailures(ctx: AppContext, email: string): Promise<void> {
  return deleteThrottle(ctx.db.kysely, keyOf(["email", email]));
}
