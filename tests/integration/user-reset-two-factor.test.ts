import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activityByAction } from "~/.server/activity/activity.service";
import { signIn } from "~/.server/auth/login";
import { createSession, resolveSession } from "~/.server/auth/sessions";
import { confirmEnrolment, twoFactorStatus } from "~/.server/auth/two-factor/enrolment";
import { timeStep } from "~/.server/auth/two-factor/totp";
import type { UserRow } from "~/.server/db/types";
import { createUser } from "~/.server/users/users.service";
import { userResetTwoFactor } from "../../server/user-reset-two-factor";
import { createTestApp, type TestApp, testEngines } from "../support/engines";

/**
 * `npm run portal -- user:reset-two-factor --email E` (issue 12 item 12): the way back in for a
 * staff member who lost the phone and the recovery codes.
 */

const meta = { ip: "203.0.113.51", userAgent: "vitest" };

async function run(t: TestApp, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await userResetTwoFactor(t.ctx, args, { log: (line: string) => out.push(line), error: (line: string) => err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

for (const engine of testEngines()) {
  describe(`[${engine}] portal user:reset-two-factor`, () => {
    let t: TestApp;
    let admin: UserRow;
    beforeEach(async () => {
      t = await createTestApp(engine);
      admin = await createUser(t.ctx, { email: "lost-phone@example.org", password: "admin-pass-phrase", role: "admin" });
    });
    afterEach(async () => t.cleanup());

    it("removes the enrolment and codes and ends the sessions, so the password alone signs in again", async () => {
      const created = await createSession(t.ctx, admin.id, meta);
      const session = (await resolveSession(t.ctx, created.token))!;
      const status = await twoFactorStatus(t.ctx, admin);
      if (status.enabled) throw new Error("not expected enabled");
      const key = decodeBase32IgnorePadding(status.setup.manualKey.replaceAll(" ", ""));
      expect((await confirmEnrolment(t.ctx, session, generateHOTP(key, BigInt(timeStep(new Date())), 6), meta)).ok).toBe(true);
      expect((await signIn(t.ctx, { email: admin.email, password: "admin-pass-phrase" }, meta)).ok).toBe("second-factor");

      const result = await run(t, ["--email", " Lost-Phone@Example.org "]);
      expect(result).toMatchObject({ code: 0, err: "" });
      expect(result.out).toContain("Two-factor sign-in removed for lost-phone@example.org");
      expect(await resolveSession(t.ctx, created.token)).toBeNull();
      expect(await t.ctx.db.kysely.selectFrom("recovery_codes").select("code_hash").execute()).toEqual([]);
      expect((await signIn(t.ctx, { email: admin.email, password: "admin-pass-phrase" }, meta)).ok).toBe(true);
      const [logged] = await activityByAction(t.ctx, "TWO_FACTOR_RESET");
      expect(JSON.parse(logged?.details ?? "{}")).toMatchObject({
        email: "lost-phone@example.org",
        by: "command line",
        had_two_factor: true,
      });
    });

    it("says how to call it, and refuses unknown accounts", async () => {
      expect(await run(t, [])).toMatchObject({ code: 2, out: "", err: "Usage: npm run portal -- user:reset-two-factor --email E" });
      expect(await run(t, ["--email", "Ghost@Example.org"])).toEqual({ code: 1, out: "", err: "No account for ghost@example.org." });
    });
  });
}
