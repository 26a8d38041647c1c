/**
 * The admin page's session rules (admin-and-sharing sections 4 and 9): the
 * page checks its session every 60 s, refreshes it when under 5 minutes
 * remain, and warns when under 10 minutes remain. Pure, so the browser
 * monitor and the tests share one definition.
 */
import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";

export const SESSION_CHECK_INTERVAL_MS = 60_000;
export const SESSION_REFRESH_THRESHOLD_MS = 5 * 60_000;
export const SESSION_WARNING_THRESHOLD_MS = 10 * 60_000;
/**
 * Only someone who used the page (pointer or keyboard) this recently gets an
 * automatic refresh, so an open tab on an unattended computer still expires.
 */
export const SESSION_ACTIVITY_WINDOW_MS = 10 * 60_000;

export interface SessionCheck {
  /** The session's end, in the server's clock (ms since the epoch). */
  expiresAt: number;
  /** The client's clock now (ms). */
  now: number;
  /** How far the server's clock is ahead of the client's (ms); see `serverClockOffset`. */
  offset: number;
  /** The client's clock at the last pointer or keyboard use of the page (ms). */
  lastActivityAt: number;
}

export type SessionDecision =
  | { kind: "expired" }
  | { kind: "refresh"; msLeft: number }
  | { kind: "warn"; msLeft: number; minutesLeft: number }
  | { kind: "ok"; msLeft: number };

export function decideSession(check: SessionCheck): SessionDecision {
  const msLeft = check.expiresAt - (check.now + check.offset);
  if (msLeft <= 0) return { kind: "expired" };
  const recentlyActive = check.now - check.lastActivityAt <= SESSION_ACTIVITY_WINDOW_MS;
  if (msLeft < SESSION_REFRESH_THRESHOLD_MS && recentlyActive) return { kind: "refresh", msLeft };
  if (msLeft < SESSION_WARNING_THRESHOLD_MS) return { kind: "warn", msLeft, minutesLeft: minutesLeft(msLeft) };
  return { kind: "ok", msLeft };
}

/** Whole minutes left, rounded up, so "1 minute" is shown until the very end. */
export function minutesLeft(msLeft: number): number {
  return Math.max(1, Math.ceil(msLeft / 60_000));
}

/** The warning's words, in the page's language. */
export function expiryWarning(minutes: number, i18n: I18n): string {
  return i18n._(msg`Your session will expire in ${plural(minutes, { one: "# minute", other: "# minutes" })}`);
}

export const MAX_OFFSET_ROUND_TRIP_MS = 10_000;

/**
 * The server clock's lead over the client's, from one request: the server's
 * time is taken as the midpoint of the round trip. Measured once per page, so
 * a wrong clock on the computer neither hides the warning nor signs out early.
 */
export function serverClockOffset(serverNow: number, sentAt: number, receivedAt: number): number | null {
  // A long round trip (a slow link, a sleeping laptop, a jump of the clock) says little about the offset.
  if (receivedAt < sentAt || receivedAt - sentAt > MAX_OFFSET_ROUND_TRIP_MS) return null;
  return serverNow - (sentAt + receivedAt) / 2;
}

/** Where an invalid session sends the page: the sign-in form, then back here. */
export function signInPath(pathname: string, search: string): string {
  return `/admin/login?redirectTo=${encodeURIComponent(pathname + search)}`;
}
