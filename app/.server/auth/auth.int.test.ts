import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction, applyActivityRetention } from "../activity/activity.service";
import { closeAppContext, openAppContext } from "../context";
import { HOUR, MINUTE } from "../time";

const DAY = 24 * HOUR;

import { createUser, findUserByEmail, setUserActive, UserInputError, userCount } from "../users/users.service";
import { signIn } from "./login";
import { resolveSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./sessions";
import { completeSetup, issueSetupLink, SetupLinkInvalidError } from "./setup";
import { clearFailures, countFailure, purgeExpiredThrottles } from "./throttle";

const meta = { ip: "203.0.113.7", userAgent: "vitest" };

for (const engine of testEngines()) {
  describe(`[${engine}] sign-in, throttling and sessions`, () => {
    let t: TestApp;
    let clock: Date;
    beforeEach(async () => {
      clock = new Date("2026-11-22T10:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      await createUser(t.ctx, { email: "Admin@Example.org ", password: "correct-horse", role: "admin", name: "Amina" });
    });
    afterEach(async () => t.cleanup());

    /** Deactivated by the admin, as on the Users page. */
    async function deactivated(user: { id: string }) {
      const admin = await findUserByEmail(t.ctx, "admin@example.org");
      await setUserActive(t.ctx, admin!, user.id, false, meta);
    }

    it("signs in with a normalised e-mail, creates a session and logs success without the password", async () => {
      const result = await signIn(t.ctx, { email: "  ADMIN@example.org", password: "correct-horse" }, meta);
      expect(result.ok).toBe(true);
      if (result.ok !== true) return;
      const session = await resolveSession(t.ctx, result.token);
      expect(session?.user.email).toBe("admin@example.org");
      expect(session?.user.login_count).toBe(1);
      const logs = await activityByAction(t.ctx, "ADMIN_LOGIN_SUCCESS");
      expect(logs).toHaveLength(1);
      expect(logs[0]?.ip_address).toBe("203.0.113.7");
      expect(logs[0]?.details).not.toContain("correct-horse");
    });

    it("answers an unknown e-mail exactly as a wrong password", async () => {
      const wrong = await signIn(t.ctx, { email: "admin@example.org", password: "nope-nope" }, meta);
      const unknown = await signIn(t.ctx, { email: "ghost@example.org", password: "nope-nope" }, meta);
      expect(wrong).toEqual({
        ok: false,
        status: 401,
        title: "Authentication Failed",
        description: "Invalid credentials. 4 attempts remaining.",
      });
      expect(unknown).toEqual(wrong);
      const failures = await activityByAction(t.ctx, "LOGIN_FAILED");
      expect(failures).toHaveLength(2);
      expect(failures.map((f) => f.details).join()).not.toContain("nope-nope");
    });

    it("blocks an e-mail for 30 minutes after 5 failures in 15 minutes, even for the right password", async () => {
      for (let i = 1; i <= 4; i++) {
        const r = await signIn(t.ctx, { email: "admin@example.org", password: `wrong-${i}` }, { ...meta, ip: `198.51.100.${i}` });
        expect(r.ok ? 200 : r.status).toBe(401);
        clock = new Date(clock.getTime() + MINUTE);
      }
      const fifth = await signIn(t.ctx, { email: "admin@example.org", password: "wrong-5" }, meta);
      expect(fifth.ok ? 200 : fifth.status).toBe(429);
      const sixth = await signIn(
        t.ctx,
        { email: "admin@example.org", password: "correct-horse" },
        { ip: "192.0.2.1", userAgent: "fresh browser" },
      );
      expect(sixth).toMatchObject({
        ok: false,
        status: 429,
        title: "Too Many Login Attempts",
        description: "Account temporarily locked. Please try again after 10:34 UTC.",
      });
      expect((await activityByAction(t.ctx, "LOGIN_RATE_LIMITED")).length).toBeGreaterThanOrEqual(2);

      clock = new Date(clock.getTime() + 31 * MINUTE);
      const later = await signIn(t.ctx, { email: "admin@example.org", password: "correct-horse" }, meta);
      expect(later.ok).toBe(true);
    });

    it("counts a blocked client's attempts on one row instead of writing a row each time", async () => {
      for (let i = 0; i < 5; i++) await signIn(t.ctx, { email: "admin@example.org", password: "wrong-pass" }, meta);
      const rows = async () => (await activityByAction(t.ctx, "LOGIN_RATE_LIMITED")).map((r) => JSON.parse(r.details));
      expect(await rows()).toHaveLength(1);
      for (let i = 0; i < 40; i++) {
        const r = await signIn(t.ctx, { email: "admin@example.org", password: "wrong-pass" }, meta);
        expect(r.ok ? 200 : r.status).toBe(429);
      }
      const [only, ...none] = await rows();
      expect(none).toEqual([]);
      expect(only).toMatchObject({ email: "admin@example.org", attempts: 41, last_attempt_at: clock.toISOString() });
      expect(await t.ctx.db.kysely.selectFrom("activity_logs").select("id").where("action", "=", "LOGIN_FAILED").execute()).toHaveLength(5);
    });

    it("never looks up an address longer than mail allows, and keeps only its beginning", async () => {
      const huge = `${"a".repeat(60_000)}@example.org`;
      const r = await signIn(t.ctx, { email: huge, password: "whatever" }, meta);
      expect(r).toMatchObject({ ok: false, status: 401 });
      const [failed] = await activityByAction(t.ctx, "LOGIN_FAILED");
      expect(failed!.details.length).toBeLessThan(400);
      expect(JSON.parse(failed!.details).email).toBe(`${"a".repeat(254)}…`);
      const keys = await t.ctx.db.kysely.selectFrom("login_throttle").select("key").execute();
      expect(Math.max(...keys.map((k) => k.key.length))).toBeLessThan(300);
    });

    it("forgets counts whose window closed and whose block ended; keeps running ones", async () => {
      for (let i = 0; i < 5; i++) await signIn(t.ctx, { email: "admin@example.org", password: "wrong-pass" }, meta);
      await signIn(t.ctx, { email: "other@example.org", password: "wrong-pass" }, { ...meta, ip: "192.0.2.9" });
      const count = async () => (await t.ctx.db.kysely.selectFrom("login_throttle").select("key").execute()).map((r) => r.key).sort();
      expect(await count()).toHaveLength(4); // two e-mails, two addresses
      clock = new Date(clock.getTime() + 16 * MINUTE);
      await purgeExpiredThrottles(t.ctx);
      // The blocked e-mail (30 minutes) stays; the counts that blocked nothing have closed windows.
      expect(await count()).toEqual(["email:admin@example.org"]);
      clock = new Date(clock.getTime() + 30 * MINUTE);
      await purgeExpiredThrottles(t.ctx);
      expect(await count()).toEqual([]);
    });

    it("deletes activity rows older than the retention, security events included, and keeps the rest", async () => {
      await signIn(t.ctx, { email: "admin@example.org", password: "wrong-pass" }, meta);
      clock = new Date(clock.getTime() + 300 * DAY);
      await signIn(t.ctx, { email: "admin@example.org", password: "correct-horse" }, meta);
      const actions = async () =>
        (await t.ctx.db.kysely.selectFrom("activity_logs").select("action").orderBy("created_at").execute()).map((r) => r.action);
      expect(await actions()).toEqual(["LOGIN_FAILED", "ADMIN_LOGIN_SUCCESS"]);
      expect(await applyActivityRetention(t.ctx)).toBe(0); // 300 days: within a year
      clock = new Date(clock.getTime() + 66 * DAY);
      expect(await applyActivityRetention(t.ctx)).toBe(1);
      expect(await actions()).toEqual(["ADMIN_LOGIN_SUCCESS"]);
    });

    it("keeps a block across a restart (the state lives in the database)", async () => {
      for (let i = 0; i < 5; i++) await signIn(t.ctx, { email: "admin@example.org", password: "wrong-pass" }, meta);
      const config = t.ctx.config;
      await closeAppContext(t.ctx);
      t.ctx = await openAppContext({ config, log: t.ctx.log, now: () => clock });
      const r = await signIn(t.ctx, { email: "admin@example.org", password: "correct-horse" }, meta);
      expect(r.ok ? 200 : r.status).toBe(429);
    });

    it("forgets old failures after the 15-minute window", async () => {
      for (let i = 0; i < 4; i++) await signIn(t.ctx, { email: "admin@example.org", password: "wrong-pass" }, meta);
      clock = new Date(clock.getTime() + 16 * MINUTE);
      const r = await signIn(t.ctx, { email: "admin@example.org", password: "wrong-pass" }, meta);
      expect(r).toMatchObject({ status: 401, description: "Invalid credentials. 4 attempts remaining." });
    });

    it("counts a failure while a successful sign-in clears the same e-mail's count, never failing itself", async () => {
      // Two browsers sending one code at once: one signs in (clearing the count), the other fails
      // (counting). The count's row, there when the failure began, could vanish before it was read.
      const key = ["email", "race@example.org"] as const;
      for (let round = 0; round < 100; round++) {
        await clearFailures(t.ctx, key[1]);
        await countFailure(t.ctx, key);
        const [counted] = await Promise.all([countFailure(t.ctx, key), clearFailures(t.ctx, key[1])]);
        // This round's failure on top of the one before, or alone after the clearing.
        expect(counted.remaining).toBeGreaterThanOrEqual(3);
      }
    });

    it("limits one address trying many e-mails", async () => {
      let last: Awaited<ReturnType<typeof signIn>> | undefined;
      for (let i = 0; i < 20; i++) last = await signIn(t.ctx, { email: `user${i}@example.org`, password: "wrong-pass" }, meta);
      expect(last).toMatchObject({ status: 429 });
      const other = await signIn(t.ctx, { email: "admin@example.org", password: "correct-horse" }, { ...meta, ip: "192.0.2.99" });
      expect(other.ok).toBe(true);
    });

    it("refuses accounts without admin access and logs ADMIN_ACCESS_DENIED", async () => {
      await createUser(t.ctx, { email: "reader@example.org", password: "reader-pass", role: "user" });
      const r = await signIn(t.ctx, { email: "reader@example.org", password: "reader-pass" }, meta);
      expect(r).toEqual({ ok: false, status: 403, title: "Access Denied", description: "You do not have admin privileges" });
      expect(await activityByAction(t.ctx, "ADMIN_ACCESS_DENIED")).toHaveLength(1);
    });

    it("tells a deactivated account so after the right password, without counting a failure, and logs it", async () => {
      await deactivated(await createUser(t.ctx, { email: "retired@example.org", password: "retired-pass", role: "editor" }));
      const answer = {
        ok: false,
        status: 403,
        title: "Account Deactivated",
        description: "This account has been deactivated. Contact an administrator.",
      };
      // More attempts than the block allows: none of them counts as a failure.
      for (let i = 0; i < 6; i++) {
        expect(await signIn(t.ctx, { email: "retired@example.org", password: "retired-pass" }, meta)).toEqual(answer);
      }
      const events = await activityByAction(t.ctx, "LOGIN_ACCOUNT_DEACTIVATED");
      expect(events).toHaveLength(6);
      expect(events[0]?.entity_type).toBe("SECURITY");
      expect(events[0]?.details).toContain("retired@example.org");
      expect(events[0]?.details).not.toContain("retired-pass");
      expect(await activityByAction(t.ctx, "LOGIN_FAILED")).toHaveLength(0);
    });

    it("answers a wrong password for a deactivated account exactly as any wrong password", async () => {
      await deactivated(await createUser(t.ctx, { email: "retired@example.org", password: "retired-pass", role: "editor" }));
      const wrong = await signIn(t.ctx, { email: "retired@example.org", password: "nope-nope" }, meta);
      const unknown = await signIn(t.ctx, { email: "ghost@example.org", password: "nope-nope" }, meta);
      expect(wrong).toEqual({
        ok: false,
        status: 401,
        title: "Authentication Failed",
        description: "Invalid credentials. 4 attempts remaining.",
      });
      expect(unknown).toEqual(wrong);
      expect(await activityByAction(t.ctx, "LOGIN_ACCOUNT_DEACTIVATED")).toHaveLength(0);
      for (let i = 0; i < 3; i++) await signIn(t.ctx, { email: "retired@example.org", password: "nope-nope" }, meta);
      // The fifth wrong password blocks it like any other account; the right one is then refused as blocked.
      expect(await signIn(t.ctx, { email: "retired@example.org", password: "nope-nope" }, meta)).toMatchObject({ status: 429 });
      expect(await signIn(t.ctx, { email: "retired@example.org", password: "retired-pass" }, meta)).toMatchObject({ status: 429 });
    });

    it("lets an editor in", async () => {
      await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      expect((await signIn(t.ctx, { email: "editor@example.org", password: "editor-pass" }, meta)).ok).toBe(true);
    });

    it("ends the session a new sign-in replaces, whoever's it was; a refused sign-in leaves it", async () => {
      await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      const first = await signIn(t.ctx, { email: "admin@example.org", password: "correct-horse" }, meta);
      if (first.ok !== true) throw new Error("sign-in failed");
      const refused = await signIn(t.ctx, { email: "editor@example.org", password: "wrong-pass" }, meta, first.token);
      expect(refused.ok).toBe(false);
      expect(await resolveSession(t.ctx, first.token)).not.toBeNull();

      const second = await signIn(t.ctx, { email: "editor@example.org", password: "editor-pass" }, meta, first.token);
      if (second.ok !== true) throw new Error("sign-in failed");
      expect(await resolveSession(t.ctx, first.token)).toBeNull();
      expect((await resolveSession(t.ctx, second.token))?.user.email).toBe("editor@example.org");
    });

    it("ends a session after the idle time and after the absolute lifetime", async () => {
      const r = await signIn(t.ctx, { email: "admin@example.org", password: "correct-horse" }, meta);
      if (r.ok !== true) throw new Error("sign-in failed");
      clock = new Date(clock.getTime() + SESSION_IDLE_MS - MINUTE);
      expect(await resolveSession(t.ctx, r.token)).not.toBeNull(); // activity slides the idle expiry
      clock = new Date(clock.getTime() + SESSION_IDLE_MS - MINUTE);
      expect(await resolveSession(t.ctx, r.token)).not.toBeNull();
      clock = new Date(clock.getTime() + SESSION_IDLE_MS + MINUTE);
      expect(await resolveSession(t.ctx, r.token)).toBeNull();

      const again = await signIn(t.ctx, { email: "admin@example.org", password: "correct-horse" }, meta);
      if (again.ok !== true) throw new Error("sign-in failed");
      const start = clock.getTime();
      while (clock.getTime() < start + SESSION_ABSOLUTE_MS - 30 * MINUTE) {
        clock = new Date(clock.getTime() + 30 * MINUTE);
        expect(await resolveSession(t.ctx, again.token)).not.toBeNull();
      }
      clock = new Date(start + SESSION_ABSOLUTE_MS + MINUTE);
      expect(await resolveSession(t.ctx, again.token)).toBeNull();
    });
  });

  describe(`[${engine}] first-admin setup link`, () => {
    let t: TestApp;
    let clock: Date;
    beforeEach(async () => {
      clock = new Date("2026-11-22T10:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
    });
    afterEach(async () => t.cleanup());

    it("creates the first admin once, then refuses the link", async () => {
      const link = await issueSetupLink(t.ctx);
      expect(link).toMatch(/^\/admin\/setup\?token=[A-Za-z0-9_-]{43}$/);
      const token = new URL(link!, "http://x").searchParams.get("token")!;
      const user = await completeSetup(t.ctx, token, { email: "first@example.org", password: "first-pass" }, meta);
      expect(user.role).toBe("admin");
      await expect(completeSetup(t.ctx, token, { email: "second@example.org", password: "second-pass" }, meta)).rejects.toBeInstanceOf(
        SetupLinkInvalidError,
      );
      expect(await issueSetupLink(t.ctx)).toBeNull();
    });

    it("creates exactly one admin when one link is sent six times at once", async () => {
      const link = await issueSetupLink(t.ctx);
      const token = new URL(link!, "http://x").searchParams.get("token")!;
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => completeSetup(t.ctx, token, { email: `racer${i}@example.org`, password: "racer-pass" }, meta)),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(SetupLinkInvalidError);
      expect(await userCount(t.ctx)).toBe(1);
      expect(await activityByAction(t.ctx, "ADMIN_SETUP")).toHaveLength(1);
    });

    it("creates exactly one admin when two links printed by two starts are used at once", async () => {
      const tokens = [await issueSetupLink(t.ctx), await issueSetupLink(t.ctx)].map(
        (l) => new URL(l!, "http://x").searchParams.get("token")!,
      );
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          completeSetup(t.ctx, tokens[i % 2]!, { email: `starter${i}@example.org`, password: "starter-pass" }, meta),
        ),
      );
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(SetupLinkInvalidError);
      expect(await userCount(t.ctx)).toBe(1);
    });

    it("keeps the link usable when the account is refused (its e-mail is taken)", async () => {
      await createUser(t.ctx, { email: "taken@example.org", password: "editor-pass", role: "editor" });
      const link = await issueSetupLink(t.ctx);
      const token = new URL(link!, "http://x").searchParams.get("token")!;
      await expect(completeSetup(t.ctx, token, { email: "taken@example.org", password: "first-pass" }, meta)).rejects.toBeInstanceOf(
        UserInputError,
      );
      expect((await completeSetup(t.ctx, token, { email: "first@example.org", password: "first-pass" }, meta)).role).toBe("admin");
    });

    it("expires after one hour", async () => {
      const link = await issueSetupLink(t.ctx);
      const token = new URL(link!, "http://x").searchParams.get("token")!;
      clock = new Date(clock.getTime() + 61 * MINUTE);
      await expect(completeSetup(t.ctx, token, { email: "late@example.org", password: "late-pass" }, meta)).rejects.toBeInstanceOf(
        SetupLinkInvalidError,
      );
    });
  });
}
