import { data } from "react-router";
import { blockedUntilOn, countFailure, retryAfterSeconds } from "../auth/throttle";
import type { AppContext } from "../context";

/**
 * The share-link limit (auth/throttle.ts, scope "share"): a client address that opens too many
 * share links matching nothing is refused for a while, on every instance (the count is in the
 * database). Only misses count; a working link never uses up the limit.
 */

/** The 429 a blocked address gets, with Retry-After, rendered by the error boundary (root.tsx keeps the header). */
function tooManyMisses(until: Date, now: Date): never {
  const seconds = retryAfterSeconds(until, now);
  throw data({ retryAfterSeconds: seconds }, { status: 429, headers: { "Retry-After": String(seconds) } });
}

/**
 * Runs a share-token lookup for a client address: throws a 429 response while the address is
 * blocked, and counts a miss (null) against it. Without an address (no trusted proxy header)
 * the lookup runs unlimited.
 */
export async function limitShareLookup<T>(ctx: AppContext, ip: string | null, lookup: () => Promise<T | null>): Promise<T | null> {
  if (!ip) return lookup();
  const blocked = await blockedUntilOn(ctx, [["share", ip]]);
  if (blocked) tooManyMisses(blocked, ctx.now());
  const found = await lookup();
  if (found === null) {
    const { blockedUntil } = await countFailure(ctx, ["share", ip]);
    if (blockedUntil) ctx.log.warn({ ip }, "share links: too many misses from one address; blocked");
  }
  return found;
}
