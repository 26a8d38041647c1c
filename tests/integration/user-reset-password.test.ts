import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activityByAction } from "~/.server/activity/activity.service";
import { signIn } from "~/.server/auth/login";
import { completePasswordReset } from "~/.server/auth/password-reset";
import { createSession, resolveSession } from "~/.server/auth/sessions";
import type { UserRow } from "~/.server/db/types";
import { inviteUser } from "~/.server/users/invitations";
import { createUser } from "~/.server/users/users.service";
import { userResetPassword } from "../../server/user-reset-password";
import { createTestApp, type TestApp, testEngines } from "../support/engines";

/**
 * `npm run portal -- user:reset-password --email E` (issue 12 item 10): the operator's way back in,
 * printing the same one-time reset link an admin makes on the Users page.
 */

const meta = { ip: "203.0.113.41", userAgent: "vitest" };

/** Runs the command on the test's database and keeps what it prints. */
async function run(t: TestApp, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await userResetPassword(t.ctx, args, { log: (line: string) => out.push(line), error: (line: string) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

for (const engine of testEngines()) {
  describe(`[${engine}] portal user:reset-password`, () => {
    let t: TestApp;
    let admin: UserRow;
    beforeEach(async () => {
      t = await createTestApp(engine, { env: { PUBLIC_URL: "https://cccm.example.org/" } });
      admin = await createUser(t.ctx, { email: "only-admin@example.org", password: "forgotten-admin-pass", role: "admin" });
    });
    afterEach(async () => t.cleanup());

    it("prints a one-time link on PUBLIC_URL that sets a new password and ends the account's sessions", async () => {
      const stale = await createSession(t.ctx, admin.id, meta);
      const result = await run(t, ["--email", " Only-Admin@Example.org "]);
      expect(result.code).toBe(0);
      expect(result.err).toBe("");
      const link = /https:\/\/cccm\.example\.org(\/admin\/reset-password\?token=([A-Za-z0-9_-]{43}))/.exec(result.out);
      expect(link, result.out).not.toBeNull();
      expect(result.out).toContain("Password reset link for only-admin@example.org (one-time, valid until");

      await completePasswordReset(t.ctx, link![2]!, "galmudug camp registry", meta);
      expect(await resolveSession(t.ctx, stale.token)).toBeNull();
      expect((await signIn(t.ctx, { email: "only-admin@example.org", password: "galmudug camp registry" }, meta)).ok).toBe(true);
      await expect(completePasswordReset(t.ctx, link![2]!, "another registry phrase", meta)).rejects.toThrow(/already used or expired/);

      const [created] = await activityByAction(t.ctx, "PASSWORD_RESET_LINK_CREATED");
      expect(created?.user_id).toBeNull();
      expect(JSON.parse(created!.details)).toMatchObject({ email: "only-admin@example.org", by: "command line" });
    });

    it("says how to call it, and refuses unknown and invited accounts, printing no link", async () => {
      expect(await run(t, [])).toMatchObject({ code: 2, out: "", err: "Usage: npm run portal -- user:reset-password --email E" });
      expect(await run(t, ["--mail", "x@example.org"])).toMatchObject({ code: 2, out: "" });
      expect(await run(t, ["--email", "Ghost@Example.org"])).toEqual({ code: 1, out: "", err: "No account for ghost@example.org." });
      await inviteUser(t.ctx, admin, { email: "invited@example.org", role: "editor" }, meta);
      const invited = await run(t, ["--email", "invited@example.org"]);
      expect(invited).toMatchObject({ code: 1, out: "" });
      expect(invited.err).toMatch(/has not set a password yet/);
      const links = await t.ctx.db.kysely.selectFrom("one_time_tokens").select("id").where("purpose", "=", "password-reset").execute();
      expect(links).toHaveLength(0);
    });
  });
}
