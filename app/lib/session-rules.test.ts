import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import {
  decideSession,
  expiryWarning,
  SESSION_ACTIVITY_WINDOW_MS,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_REFRESH_THRESHOLD_MS,
  SESSION_WARNING_THRESHOLD_MS,
  serverClockOffset,
  signInPath,
} from "./session-rules";

const MIN = 60_000;
const now = Date.parse("2026-11-22T10:00:00.000Z");
const check = (msLeft: number, idleMs = 0, offset = 0) => ({
  expiresAt: now + offset + msLeft,
  now,
  offset,
  lastActivityAt: now - idleMs,
});

describe("session rules", () => {
  it("uses the spec's constants: check every 60 s, refresh under 5 minutes, warn under 10", () => {
    expect(SESSION_CHECK_INTERVAL_MS).toBe(60_000);
    expect(SESSION_REFRESH_THRESHOLD_MS).toBe(5 * MIN);
    expect(SESSION_WARNING_THRESHOLD_MS).toBe(10 * MIN);
    expect(SESSION_ACTIVITY_WINDOW_MS).toBe(10 * MIN);
  });

  it("does nothing with 10 minutes or more left", () => {
    expect(decideSession(check(60 * MIN))).toEqual({ kind: "ok", msLeft: 60 * MIN });
    expect(decideSession(check(10 * MIN)).kind).toBe("ok");
  });

  it("warns under 10 minutes, with the minutes rounded up", () => {
    expect(decideSession(check(10 * MIN - 1))).toEqual({ kind: "warn", msLeft: 10 * MIN - 1, minutesLeft: 10 });
    expect(decideSession(check(9 * MIN))).toMatchObject({ kind: "warn", minutesLeft: 9 });
    expect(decideSession(check(5 * MIN))).toMatchObject({ kind: "warn", minutesLeft: 5 });
  });

  it("refreshes under 5 minutes for someone who used the page in the last 10 minutes", () => {
    expect(decideSession(check(5 * MIN - 1, 0))).toMatchObject({ kind: "refresh" });
    expect(decideSession(check(30_000, 10 * MIN))).toMatchObject({ kind: "refresh" });
  });

  it("lets an unattended page expire: only a warning, then expired", () => {
    expect(decideSession(check(4 * MIN, 10 * MIN + 1))).toEqual({ kind: "warn", msLeft: 4 * MIN, minutesLeft: 4 });
    expect(decideSession(check(1, 60 * MIN))).toMatchObject({ kind: "warn", minutesLeft: 1 });
    expect(decideSession(check(0))).toEqual({ kind: "expired" });
    expect(decideSession(check(-MIN))).toEqual({ kind: "expired" });
  });

  it("reads the expiry in the server's clock", () => {
    // The computer's clock is 20 minutes behind the server: 60 minutes left are still 60.
    expect(decideSession(check(60 * MIN, 0, 20 * MIN)).kind).toBe("ok");
    expect(decideSession({ expiresAt: now + 60 * MIN, now, offset: 55 * MIN, lastActivityAt: now - 11 * MIN })).toMatchObject({
      kind: "warn",
      minutesLeft: 5,
    });
  });

  it("estimates the clock offset from the middle of the round trip", () => {
    expect(serverClockOffset(1_000_000, 2_000, 2_400)).toBe(1_000_000 - 2_200);
    expect(serverClockOffset(5_000, 5_000, 5_000)).toBe(0);
    expect(serverClockOffset(1_000_000, 2_000, 2_000 + 10_001)).toBeNull();
    expect(serverClockOffset(1_000_000, 2_000, 1_000)).toBeNull();
  });

  it("words the warning and the way back", () => {
    expect(expiryWarning(9, i18nFor("en"))).toBe("Your session will expire in 9 minutes");
    expect(expiryWarning(1, i18nFor("en"))).toBe("Your session will expire in 1 minute");
    expect(signInPath("/admin/users", "?x=1")).toBe("/admin/login?redirectTo=%2Fadmin%2Fusers%3Fx%3D1");
  });
});
