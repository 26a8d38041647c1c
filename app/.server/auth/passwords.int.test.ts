import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction } from "../activity/activity.service";
import type { UserRow } from "../db/types";
import { HOUR, MINUTE } from "../time";
import { inviteUser } from "../users/invitations";
import { AccountRuleError, createUser, setUserActive, UserInputError } from "../users/users.service";
import { signIn } from "./login";
import { changeOwnPassword, samePasswordMessage } from "./password-change";
import { completePasswordReset, issuePasswordResetLink, PASSWORD_RESET_TOKEN_TTL_MS, passwordResetAccount } from "./password-reset";
import { passwordMessage } from "./password-rules";
import { type ActiveSession, createSession, resolveSession } from "./sessions";
import { completeSetPassword, SetPasswordLinkInvalidError, setPasswordAccount } from "./set-password";
import { completeSetup, issueSetupLink } from "./setup";

/**
 * Issue 12 item 10: the ASVS password rule wherever a password is chosen, changing one's own
 * password, and one-time reset links (1 hour, like the first-admin link).
 */

const meta = { ip: "203.0.113.21", userAgent: "vitest" };
const SECOND = 1000;
const tokenOf = (path: string) => new URL(path, "http://x").searchParams.get("token")!;

for (const engine of testEngines()) {
  describe(`[${engine}] passwords`, () => {
    let t: TestApp;
    let clock: Date;
    let admin: UserRow;
    let editor: UserRow;
    const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
    const signsIn = async (email: string, password: string) => (await signIn(t.ctx, { email, password }, meta)).ok;

    beforeEach(async () => {
      clock = new Date("2026-11-22T10:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      admin = await createUser(t.ctx, { email: "amina@example.org", password: "admin-pass", role: "admin", name: "Amina" });
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
    });
    afterEach(async () => t.cleanup());

    describe("the rule wherever a password is chosen", () => {
      it("refuses 123456, 7 characters and common passwords for a new account; accepts a phrase", async () => {
        const account = (password: string) => createUser(t.ctx, { email: "new@example.org", password, role: "editor" });
        await expect(account("123456")).rejects.toThrow(new UserInputError(passwordMessage("tooShort")));
        await expect(account("abc-123")).rejects.toThrow(passwordMessage("tooShort"));
        await expect(account("Password1")).rejects.toThrow(passwordMessage("common"));
        await expect(account("x".repeat(1025))).rejects.toThrow(passwordMessage("tooLong"));
        const created = await account("  mogadishu 🐪 camps  ");
        expect(await signsIn("new@example.org", "  mogadishu 🐪 camps  ")).toBe(true);
        expect(await signsIn("new@example.org", "mogadishu 🐪 camps")).toBe(false);
        expect(created.email).toBe("new@example.org");
      });

      it("applies to the first-admin setup and to invitation links, which stay usable after a refusal", async () => {
        await t.ctx.db.kysely.deleteFrom("users").execute();
        const setup = tokenOf((await issueSetupLink(t.ctx))!);
        await expect(completeSetup(t.ctx, setup, { email: "first@example.org", password: "qwertyuiop" }, meta)).rejects.toThrow(
          passwordMessage("common"),
        );
        const first = await completeSetup(t.ctx, setup, { email: "first@example.org", password: "first-admin-pass" }, meta);

        const invite = await inviteUser(t.ctx, first, { email: "invited@example.org", role: "editor" }, meta);
        await expect(completeSetPassword(t.ctx, tokenOf(invite.path), "1234567")).rejects.toThrow(passwordMessage("tooShort"));
        await expect(completeSetPassword(t.ctx, tokenOf(invite.path), "iloveyou")).rejects.toThrow(passwordMessage("common"));
        expect(await setPasswordAccount(t.ctx, tokenOf(invite.path))).not.toBeNull();
        await completeSetPassword(t.ctx, tokenOf(invite.path), "invited-editor-pass");
        expect(await signsIn("invited@example.org", "invited-editor-pass")).toBe(true);
      });
    });

    describe("changing one's own password", () => {
      let here: ActiveSession;
      let hereToken: string;
      let elsewhere: { token: string };
      beforeEach(async () => {
        hereToken = (await createSession(t.ctx, editor.id, meta)).token;
        here = (await resolveSession(t.ctx, hereToken))!;
        elsewhere = await createSession(t.ctx, editor.id, { ip: "198.51.100.4", userAgent: "phone" });
      });
      const change = (input: { current: string; password: string; confirm?: string }, ip = meta.ip) =>
        changeOwnPassword(t.ctx, here, { confirm: input.password, ...input }, { ...meta, ip });

      it("needs the current password, ends the other sessions, keeps this one, and logs it", async () => {
        const adminSession = await createSession(t.ctx, admin.id, meta);
        expect(await change({ current: "editor-pass", password: "new editor passphrase" })).toEqual({ ok: true, endedSessions: 1 });
        expect(await resolveSession(t.ctx, elsewhere.token)).toBeNull();
        expect((await resolveSession(t.ctx, hereToken))?.user.email).toBe("editor@example.org");
        // Other accounts' sessions are untouched.
        expect(await resolveSession(t.ctx, adminSession.token)).not.toBeNull();
        expect(await signsIn("editor@example.org", "editor-pass")).toBe(false);
        expect(await signsIn("editor@example.org", "new editor passphrase")).toBe(true);
        const [logged] = await activityByAction(t.ctx, "PASSWORD_CHANGED");
        expect(logged?.entity_type).toBe("SECURITY");
        expect(JSON.parse(logged!.details)).toEqual({ email: "editor@example.org", other_sessions_ended: 1 });
        expect(logged!.details).not.toContain("passphrase");
      });

      it("refuses a wrong current password without changing anything, and says how many attempts remain", async () => {
        const r = await change({ current: "not-my-password", password: "new editor passphrase" });
        expect(r).toEqual({
          ok: false,
          status: 400,
          fieldErrors: { current: "The current password is not correct. 4 attempts remaining." },
          error: null,
        });
        expect(await resolveSession(t.ctx, elsewhere.token)).not.toBeNull();
        expect(await signsIn("editor@example.org", "editor-pass")).toBe(true);
        const [failed] = await activityByAction(t.ctx, "PASSWORD_CHANGE_FAILED");
        expect(failed?.details).not.toContain("not-my-password");
      });

      it("blocks after 5 wrong current passwords like sign-in does, sign-in included, for 30 minutes", async () => {
        for (let i = 1; i <= 4; i++) {
          expect(await change({ current: `wrong-guess-${i}`, password: "new editor passphrase" }, `192.0.2.${i}`)).toMatchObject({
            status: 400,
          });
        }
        const fifth = await change({ current: "wrong-guess-5", password: "new editor passphrase" });
        expect(fifth).toMatchObject({
          ok: false,
          status: 429,
          error: { title: "Too Many Attempts", description: "Password changes are locked. Please try again after 10:30 UTC." },
        });
        // Even the right current password, and signing in, wait for the block to end.
        expect(await change({ current: "editor-pass", password: "new editor passphrase" })).toMatchObject({ status: 429 });
        expect(await signIn(t.ctx, { email: "editor@example.org", password: "editor-pass" }, meta)).toMatchObject({ status: 429 });
        later(31 * MINUTE);
        expect(await change({ current: "editor-pass", password: "new editor passphrase" })).toMatchObject({ ok: true });
      });

      it("checks the new password with the rule and the confirmation, and refuses the current one again", async () => {
        expect(await change({ current: "editor-pass", password: "12345678" })).toMatchObject({
          status: 400,
          fieldErrors: { password: passwordMessage("common") },
        });
        expect(await change({ current: "editor-pass", password: "short" })).toMatchObject({
          fieldErrors: { password: passwordMessage("tooShort") },
        });
        expect(await change({ current: "editor-pass", password: "baidoa water points", confirm: "baidoa water point" })).toMatchObject({
          fieldErrors: { confirm: "The passwords do not match" },
        });
        expect(await change({ current: "", password: "baidoa water points" })).toMatchObject({
          fieldErrors: { current: "Enter your current password" },
        });
        expect(await change({ current: "editor-pass", password: "editor-pass" })).toMatchObject({
          fieldErrors: { password: samePasswordMessage() },
        });
        // None of these counted as a guess or changed anything.
        expect(await activityByAction(t.ctx, "PASSWORD_CHANGE_FAILED")).toHaveLength(0);
        expect(await resolveSession(t.ctx, elsewhere.token)).not.toBeNull();
        expect(await signsIn("editor@example.org", "editor-pass")).toBe(true);
      });
    });

    describe("reset links", () => {
      const issue = (userId = editor.id, actor: UserRow = admin) =>
        issuePasswordResetLink(t.ctx, { kind: "admin", user: actor }, userId, meta);

      it("work once, set the password, end every session of the account and sign this browser in", async () => {
        const phone = await createSession(t.ctx, editor.id, meta);
        const link = await issue();
        expect(link.path).toMatch(/^\/admin\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
        expect(link.expiresAt.getTime() - clock.getTime()).toBe(HOUR);
        expect(PASSWORD_RESET_TOKEN_TTL_MS).toBe(HOUR);
        // The current password works until the link is used.
        expect(await signsIn("editor@example.org", "editor-pass")).toBe(true);
        expect((await passwordResetAccount(t.ctx, tokenOf(link.path)))?.id).toBe(editor.id);

        const done = await completePasswordReset(t.ctx, tokenOf(link.path), "kismayo port survey", meta);
        expect(await resolveSession(t.ctx, phone.token)).toBeNull();
        expect((await resolveSession(t.ctx, done.session!.token))?.user.id).toBe(editor.id);
        expect(await signsIn("editor@example.org", "editor-pass")).toBe(false);
        expect(await signsIn("editor@example.org", "kismayo port survey")).toBe(true);

        await expect(completePasswordReset(t.ctx, tokenOf(link.path), "another passphrase", meta)).rejects.toBeInstanceOf(
          SetPasswordLinkInvalidError,
        );
        expect(await passwordResetAccount(t.ctx, tokenOf(link.path))).toBeNull();
        const [created] = await activityByAction(t.ctx, "PASSWORD_RESET_LINK_CREATED");
        expect(created).toMatchObject({ entity_type: "USER", entity_id: editor.id, user_id: admin.id });
        expect(JSON.parse(created!.details)).toMatchObject({ email: "editor@example.org", by: "amina@example.org" });
        expect(created!.details).not.toContain(tokenOf(link.path));
        expect(await activityByAction(t.ctx, "PASSWORD_RESET")).toHaveLength(1);
      });

      it("expire after one hour", async () => {
        const link = await issue();
        later(HOUR - SECOND);
        expect(await passwordResetAccount(t.ctx, tokenOf(link.path))).not.toBeNull();
        later(SECOND);
        expect(await passwordResetAccount(t.ctx, tokenOf(link.path))).toBeNull();
        await expect(completePasswordReset(t.ctx, tokenOf(link.path), "kismayo port survey", meta)).rejects.toBeInstanceOf(
          SetPasswordLinkInvalidError,
        );
        expect(await signsIn("editor@example.org", "editor-pass")).toBe(true);
      });

      it("set the password once when one link is sent six times at once", async () => {
        const token = tokenOf((await issue()).path);
        const results = await Promise.allSettled(
          Array.from({ length: 6 }, (_, i) => completePasswordReset(t.ctx, token, `racing passphrase ${i}`, meta)),
        );
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
        for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(SetPasswordLinkInvalidError);
        expect(await activityByAction(t.ctx, "PASSWORD_RESET")).toHaveLength(1);
      });

      it("keep the link usable when the new password is refused, and only the newest link works", async () => {
        const first = await issue();
        const second = await issue();
        await expect(completePasswordReset(t.ctx, tokenOf(second.path), "password1", meta)).rejects.toThrow(passwordMessage("common"));
        await expect(completePasswordReset(t.ctx, tokenOf(first.path), "kismayo port survey", meta)).rejects.toBeInstanceOf(
          SetPasswordLinkInvalidError,
        );
        await completePasswordReset(t.ctx, tokenOf(second.path), "kismayo port survey", meta);
        expect(await signsIn("editor@example.org", "kismayo port survey")).toBe(true);
      });

      it("are made by active admins only, for active accounts that have a password", async () => {
        await expect(issue(admin.id, editor)).rejects.toThrow(new AccountRuleError("Only admins can manage users"));
        const invited = await inviteUser(t.ctx, admin, { email: "invited@example.org", role: "editor" }, meta);
        await expect(issue(invited.user.id)).rejects.toThrow(/has not set a password yet: invite them again/);
        await setUserActive(t.ctx, admin, editor.id, false, meta);
        await expect(issue()).rejects.toThrow(/is deactivated/);
        await expect(issue("no-such-id")).rejects.toThrow("This account no longer exists");
        expect(await activityByAction(t.ctx, "PASSWORD_RESET_LINK_CREATED")).toHaveLength(0);
      });

      it("are not invitation links, nor the other way round", async () => {
        const reset = await issue();
        const invite = await inviteUser(t.ctx, admin, { email: "invited@example.org", role: "editor" }, meta);
        expect(await setPasswordAccount(t.ctx, tokenOf(reset.path))).toBeNull();
        expect(await passwordResetAccount(t.ctx, tokenOf(invite.path))).toBeNull();
        await expect(completeSetPassword(t.ctx, tokenOf(reset.path), "kismayo port survey")).rejects.toBeInstanceOf(
          SetPasswordLinkInvalidError,
        );
        await expect(completePasswordReset(t.ctx, tokenOf(invite.path), "kismayo port survey", meta)).rejects.toBeInstanceOf(
          SetPasswordLinkInvalidError,
        );
      });
    });
  });
}
