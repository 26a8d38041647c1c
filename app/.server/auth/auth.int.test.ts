import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction } from "../activity/activity.service";
import { closeAppContext, openAppContext } from "../context";
import { MINUTE } from "../time";
import { createUser, findUserByEmail, setUserActive } from "../users/users.service";
import { signIn } from "./login";
import { resolveSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "./sessions";
import { completeSetup, issueSetupLink, SetupLinkInvalidError } from "./setup";

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
      if (!result.ok) return;
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

    it("ends a session after the idle time and after the absolute lifetime", async () => {
      const r = await signIn(t.ctx, { email: "admin@example.org", password: "correct-horse" }, meta);
      if (!r.ok) throw new Error("sign-in failed");
      clock = new Date(clock.getTime() + SESSION_IDLE_MS - MINUTE);
      expect(await resolveSession(t.ctx, r.token)).not.toBeNull(); // activity slides the idle expiry
      clock = new Date(clock.getTime() + SESSION_IDLE_MS - MINUTE);
      expect(await resolveSession(t.ctx, r.token)).not.toBeNull();
      clock = new Date(clock.getTime() + SESSION_IDLE_MS + MINUTE);
      expect(await resolveSession(t.ctx, r.token)).toBeNull();

      const again = await signIn(t.ctx, { email: "admin@example.org", password: "correct-horse" }, meta);
      if (!again.ok) throw new Error("sign-in failed");
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
