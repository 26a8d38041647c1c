/**
 * How many live-update streams an instance holds open for anonymous visitors (issue 12, item 3):
 * 3,000 anonymous streams once held 123 MB and 3,000 file descriptors. Each address may hold a
 * few (a field office shares one address: one stream per open page), the instance a total, and
 * every stream ends after a while so a browser that left its tab open reconnects, and is counted
 * again. Past a cap the answer is 503 with Retry-After: the page keeps its periodic refresh.
 * Signed-in staff are not counted: their streams end with their session, and they are few.
 */
import type { AppContext } from "../context";
import { perObject } from "../per-object";

export interface StreamLimits {
  perAddress: number;
  total: number;
  /** A stream ends after this long; the browser reconnects (and resumes from its last event). */
  maxAgeMs: number;
}

/** Seconds a refused client is told to wait. */
export const STREAM_RETRY_AFTER_S = 60;

export class StreamGate {
  private readonly byAddress = new Map<string, number>();
  private open = 0;

  constructor(readonly limits: StreamLimits) {}

  /** A slot for one more stream from `address`, or null past a cap. The release runs once. */
  acquire(address: string): (() => void) | null {
    const mine = this.byAddress.get(address) ?? 0;
    if (this.open >= this.limits.total || mine >= this.limits.perAddress) return null;
    this.open++;
    this.byAddress.set(address, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
  }

  get openStreams(): number {
    return this.open;
  }
}

/** This instance's gate, with the limits of its configuration. */
export const streamGate: (ctx: AppContext) => StreamGate = perObject((ctx: AppContext) => {
  const { streamsPerAddress, streamsTotal, streamMaxMinutes } = ctx.config.liveStreams;
  return new StreamGate({ perAddress: streamsPerAddress, total: streamsTotal, maxAgeMs: streamMaxMinutes * 60_000 });
});
