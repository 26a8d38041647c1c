import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction, logActivity, SECURITY_EVENTS_PAGE_SIZE, securityEvents } from "../activity/activity.service";
import { signIn } from "../auth/login";
import { listLiveSessions, revokeSession } from "../auth/session-admin";
import { createSession, peekSession, refreshSession, resolveSession, SESSION_IDLE_MS } from "../auth/sessions";
import { acceptInvitation, completeSetPassword, SetPasswordLinkInvalidError, setPasswordAccount } from "../auth/set-password";
import type { UserRow } from "../db/types";
import { HOUR, MINUTE } from "../time";
import { inviteUser } from "./invitations";
import {
  AccountRuleError,
  createUser,
  findUserById,
  lastAdminMessage,
  listUsers,
  selfDeactivationMessage,
  setUserActive,
  setUserRole,
  UserInputError,
} from "./users.service";

const meta = { ip: "203.0.113.9", userAgent: "vitest" };
const tokenOf = (path: string) => new URL(path, "http://x").searchParams.get("token")!;

for (const engine of testEngines()) {
  describe(`[${engine}] account administration`, () => {
    let t: TestApp;
    let clock: Date;
    let admin: UserRow;
    const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

    beforeEach(async () => {
      clock = new Date("2026-11-22T10:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      admin = await createUser(t.ctx, { email: "amina@example.org", password: "admin-pass", role: "admin", name: "Amina" });
    });
    afterEach(async () => t.cleanup());

    it("invites without a password; the link sets one once, then signs in", async () => {
      const invite = await inviteUser(
        t.ctx,
        admin,
        { email: " Editor@Example.org", name: "Ed", organization: "IOM", role: "editor" },
        meta,
      );
      expect(invite.path).toMatch(/^\/admin\/set-password\?token=[A-Za-z0-9_-]{43}$/);
      expect(invite.expiresAt.getTime() - clock.getTime()).toBe(7 * 24 * HOUR);
      expect(invite.user).toMatchObject({ email: "editor@example.org", role: "editor", organization: "IOM", password_hash: null });
      expect((await signIn(t.ctx, { email: "editor@example.org", password: "anything-at-all" }, meta)).ok).toBe(false);

      const token = tokenOf(invite.path);
      expect((await setPasswordAccount(t.ctx, token))?.id).toBe(invite.user.id);
      // Opened in a browser where the admin is still signed in: the new sign-in ends that session.
      const replaced = await createSession(t.ctx, admin.id, meta);
      const accepted = await acceptInvitation(t.ctx, token, "editor-pass", meta, replaced.token);
      expect((await resolveSession(t.ctx, accepted.session!.token))?.user.email).toBe("editor@example.org");
      expect(await resolveSession(t.ctx, replaced.token)).toBeNull();
      expect(await activityByAction(t.ctx, "ADMIN_LOGIN_SUCCESS")).toHaveLength(1);
      expect((await signIn(t.ctx, { email: "editor@example.org", password: "editor-pass" }, meta)).ok).toBe(true);
      await expect(completeSetPassword(t.ctx, token, "hijack-pass")).rejects.toBeInstanceOf(SetPasswordLinkInvalidError);
      expect((await signIn(t.ctx, { email: "editor@example.org", password: "hijack-pass" }, meta)).ok).toBe(false);

      const logs = await activityByAction(t.ctx, "USER_INVITED");
      expect(logs).toHaveLength(1);
      expect(logs[0]?.details).not.toContain(token);
      await expect(inviteUser(t.ctx, admin, { email: "editor@example.org", role: "editor" }, meta)).rejects.toBeInstanceOf(UserInputError);
      // Lengths: an address longer than mail allows is no address; names are capped with a clear message.
      await expect(inviteUser(t.ctx, admin, { email: `${"a".repeat(250)}@x.org`, role: "user" }, meta)).rejects.toThrow(
        "Please enter a valid email address",
      );
      await expect(inviteUser(t.ctx, admin, { email: "long@example.org", name: "n".repeat(201), role: "user" }, meta)).rejects.toThrow(
        "Name must be at most 200 characters",
      );
    });

    it("refuses an expired link, and a re-invite replaces the earlier link", async () => {
      const first = await inviteUser(t.ctx, admin, { email: "late@example.org", role: "user" }, meta);
      later(7 * 24 * HOUR + MINUTE);
      await expect(completeSetPassword(t.ctx, tokenOf(first.path), "late-pass")).rejects.toBeInstanceOf(SetPasswordLinkInvalidError);

      const second = await inviteUser(t.ctx, admin, { email: "late@example.org", role: "user" }, meta);
      expect(second.created).toBe(false);
      expect(second.user.id).toBe(first.user.id);
      const third = await inviteUser(t.ctx, admin, { email: "late@example.org", role: "user" }, meta);
      await expect(completeSetPassword(t.ctx, tokenOf(second.path), "late-pass")).rejects.toBeInstanceOf(SetPasswordLinkInvalidError);
      await expect(completeSetPassword(t.ctx, tokenOf(third.path), "123")).rejects.toBeInstanceOf(UserInputError);
      expect((await acceptInvitation(t.ctx, tokenOf(third.path), "late-pass", meta)).session).toBeNull();
      // A "user" has a password now but still no admin access.
      expect(await signIn(t.ctx, { email: "late@example.org", password: "late-pass" }, meta)).toMatchObject({ status: 403 });
    });

    it("refuses a link of a deactivated account", async () => {
      const invite = await inviteUser(t.ctx, admin, { email: "gone@example.org", role: "editor" }, meta);
      await setUserActive(t.ctx, admin, invite.user.id, false, meta);
      await expect(completeSetPassword(t.ctx, tokenOf(invite.path), "gone-pass")).rejects.toBeInstanceOf(SetPasswordLinkInvalidError);
    });

    it("lists users newest first", async () => {
      later(MINUTE);
      await createUser(t.ctx, { email: "b@example.org", password: "b-password", role: "editor" });
      later(MINUTE);
      await inviteUser(t.ctx, admin, { email: "c@example.org", role: "user" }, meta);
      expect((await listUsers(t.ctx)).items.map((u) => u.email)).toEqual(["c@example.org", "b@example.org", "amina@example.org"]);
    });

    it("deactivation ends every session of the account at once; activation lets it back in", async () => {
      const editor = await createUser(t.ctx, { email: "ed@example.org", password: "editor-pass", role: "editor" });
      const one = await createSession(t.ctx, editor.id, meta);
      const two = await createSession(t.ctx, editor.id, { ip: "198.51.100.4", userAgent: "phone" });
      const mine = await createSession(t.ctx, admin.id, meta);
      await setUserActive(t.ctx, admin, editor.id, false, meta);
      expect(await resolveSession(t.ctx, one.token)).toBeNull();
      expect(await resolveSession(t.ctx, two.token)).toBeNull();
      expect(await resolveSession(t.ctx, mine.token)).not.toBeNull();
      expect((await listLiveSessions(t.ctx)).map((s) => s.email)).toEqual(["amina@example.org"]);
      expect(await signIn(t.ctx, { email: "ed@example.org", password: "editor-pass" }, meta)).toEqual({
        ok: false,
        status: 403,
        title: "Account Deactivated",
        description: "This account has been deactivated. Contact an administrator.",
      });
      expect(await activityByAction(t.ctx, "USER_DEACTIVATED")).toHaveLength(1);

      await setUserActive(t.ctx, admin, editor.id, true, meta);
      expect((await signIn(t.ctx, { email: "ed@example.org", password: "editor-pass" }, meta)).ok).toBe(true);
      expect(await activityByAction(t.ctx, "USER_ACTIVATED")).toHaveLength(1);
    });

    it("keeps at least one active admin, and no admin deactivates themself", async () => {
      await expect(setUserActive(t.ctx, admin, admin.id, false, meta)).rejects.toThrow(selfDeactivationMessage());
      await expect(setUserRole(t.ctx, admin, admin.id, "editor", meta)).rejects.toThrow(lastAdminMessage());
      expect((await findUserById(t.ctx, admin.id))?.role).toBe("admin");

      const second = await createUser(t.ctx, { email: "second@example.org", password: "second-pass", role: "admin" });
      await setUserRole(t.ctx, admin, admin.id, "editor", meta);
      const demoted = (await findUserById(t.ctx, admin.id))!;
      await expect(setUserRole(t.ctx, demoted, second.id, "user", meta)).rejects.toBeInstanceOf(AccountRuleError);
      await expect(setUserActive(t.ctx, second, second.id, false, meta)).rejects.toThrow(selfDeactivationMessage());
      await expect(setUserRole(t.ctx, second, second.id, "user", meta)).rejects.toThrow(lastAdminMessage());
    });

    it("lets only one of two admins demoting each other at the same moment succeed", async () => {
      const other = await createUser(t.ctx, { email: "other@example.org", password: "other-pass", role: "admin" });
      // Open several PostgreSQL connections first, so the two transactions really overlap.
      await Promise.all([listUsers(t.ctx), listUsers(t.ctx), listUsers(t.ctx), listUsers(t.ctx)]);
      const results = await Promise.allSettled([
        setUserActive(t.ctx, admin, other.id, false, meta),
        setUserRole(t.ctx, other, admin.id, "user", meta),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(AccountRuleError);
      const admins = (await listUsers(t.ctx)).items.filter((u) => u.role === "admin" && u.is_active === 1);
      expect(admins).toHaveLength(1);
    });

    it("a role change ends the account's sessions and is logged", async () => {
      const editor = await createUser(t.ctx, { email: "ed@example.org", password: "editor-pass", role: "editor" });
      const session = await createSession(t.ctx, editor.id, meta);
      await setUserRole(t.ctx, admin, editor.id, "admin", meta);
      expect(await resolveSession(t.ctx, session.token)).toBeNull();
      const [log] = await activityByAction(t.ctx, "USER_ROLE_CHANGED");
      expect(JSON.parse(log!.details)).toMatchObject({ email: "ed@example.org", from: "editor", to: "admin" });
      // Setting the same role again changes nothing and logs nothing.
      const again = await createSession(t.ctx, editor.id, meta);
      await setUserRole(t.ctx, admin, editor.id, "admin", meta);
      expect(await resolveSession(t.ctx, again.token)).not.toBeNull();
      expect(await activityByAction(t.ctx, "USER_ROLE_CHANGED")).toHaveLength(1);
    });
  });

  describe(`[${engine}] security events and sessions`, () => {
    let t: TestApp;
    let clock: Date;
    let admin: UserRow;
    beforeEach(async () => {
      clock = new Date("2026-11-22T10:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      admin = await createUser(t.ctx, { email: "amina@example.org", password: "admin-pass", role: "admin" });
    });
    afterEach(async () => t.cleanup());

    it("filters by action, e-mail text and period, 50 to a page, newest first", async () => {
      const start = clock.getTime();
      for (let i = 0; i < 60; i++) {
        clock = new Date(start + i * HOUR);
        const email = i % 2 === 0 ? "Field_Officer@example.org" : "fieldxofficer@example.org";
        await logActivity(t.ctx, {
          action: i % 3 === 0 ? "LOGIN_FAILED" : "ADMIN_LOGIN_SUCCESS",
          entityType: "SECURITY",
          details: { email },
          meta,
        });
      }
      await logActivity(t.ctx, { action: "USER_INVITED", entityType: "USER", details: { email: "field_officer@example.org" } });

      const all = await securityEvents(t.ctx, { action: null, email: "", period: "all", page: 1 });
      expect(all).toMatchObject({ total: 60, page: 1, pageCount: 2 });
      expect(all.events).toHaveLength(SECURITY_EVENTS_PAGE_SIZE);
      expect(all.events[0]!.created_at > all.events[1]!.created_at).toBe(true);
      const second = await securityEvents(t.ctx, { action: null, email: "", period: "all", page: 2 });
      expect(second.events).toHaveLength(10);
      expect(second.events.at(-1)?.created_at).toBe(new Date(start).toISOString());

      const failed = await securityEvents(t.ctx, { action: "LOGIN_FAILED", email: "", period: "all", page: 1 });
      expect(failed.total).toBe(20);
      expect(failed.events.every((e) => e.action === "LOGIN_FAILED")).toBe(true);
      // "_" is a literal underscore, not LIKE's one-character wildcard; case is ignored.
      const underscore = await securityEvents(t.ctx, { action: null, email: "D_OFFICER", period: "all", page: 1 });
      expect(underscore.total).toBe(30);
      const day = await securityEvents(t.ctx, { action: null, email: "", period: "24h", page: 1 });
      expect(day.total).toBe(25);
      const nothing = await securityEvents(t.ctx, { action: "ADMIN_LOGOUT", email: "", period: "all", page: 1 });
      expect(nothing).toMatchObject({ total: 0, pageCount: 1, events: [] });
    });

    it("lists live sessions and revokes one", async () => {
      const editor = await createUser(t.ctx, { email: "ed@example.org", password: "editor-pass", role: "editor" });
      const mine = await createSession(t.ctx, admin.id, meta);
      clock = new Date(clock.getTime() + MINUTE);
      const theirs = await createSession(t.ctx, editor.id, { ip: "198.51.100.7", userAgent: "Firefox" });
      const live = await listLiveSessions(t.ctx);
      expect(live.map((s) => s.email)).toEqual(["ed@example.org", "amina@example.org"]);
      expect(live[0]).toMatchObject({ role: "editor", ip: "198.51.100.7", userAgent: "Firefox" });
      expect(JSON.stringify(live)).not.toContain(theirs.token);

      expect(await revokeSession(t.ctx, admin, live[0]!.id, meta)).toBe(true);
      expect(await revokeSession(t.ctx, admin, live[0]!.id, meta)).toBe(false);
      expect(await resolveSession(t.ctx, theirs.token)).toBeNull();
      expect(await resolveSession(t.ctx, mine.token)).not.toBeNull();
      const [log] = await activityByAction(t.ctx, "SESSION_REVOKED");
      expect(JSON.parse(log!.details)).toMatchObject({ email: "ed@example.org", revoked_by: "amina@example.org" });
      expect((await securityEvents(t.ctx, { action: "SESSION_REVOKED", email: "ed@", period: "24h", page: 1 })).total).toBe(1);
    });

    it("peeks at a session without sliding it; a refresh slides it", async () => {
      const { token, expiresAt } = await createSession(t.ctx, admin.id, meta);
      clock = new Date(clock.getTime() + 50 * MINUTE);
      const peeked = await peekSession(t.ctx, token);
      expect(peeked?.expiresAt.toISOString()).toBe(expiresAt.toISOString());
      expect((await peekSession(t.ctx, token))?.expiresAt.toISOString()).toBe(expiresAt.toISOString());
      const refreshed = await refreshSession(t.ctx, peeked!);
      expect(refreshed.getTime()).toBe(clock.getTime() + SESSION_IDLE_MS);
      clock = new Date(refreshed.getTime());
      expect(await peekSession(t.ctx, token)).toBeNull();
      expect(await peekSession(t.ctx, "not-a-token")).toBeNull();
    });
  });
}
