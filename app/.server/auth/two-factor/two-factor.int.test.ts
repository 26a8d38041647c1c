import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../../tests/support/engines";
import { activityByAction } from "../../activity/activity.service";
import type { UserRow } from "../../db/types";
import { MINUTE } from "../../time";
import { createUser } from "../../users/users.service";
import { signIn } from "../login";
import { type ActiveSession, createSession, resolveSession } from "../sessions";
import { changeTwoFactor, confirmEnrolment, twoFactorStatus } from "./enrolment";
import { finishSecondStep, SECOND_STEP_MS, startSecondStep } from "./sign-in-step";
import { timeStep } from "./totp";

/**
 * Issue 12 item 12: enrolment, the code step at sign-in, replay, the throttle, recovery codes and
 * turning it off, against the real engines, with codes made by the OTP library as a phone would.
 */

const meta = { ip: "203.0.113.41", userAgent: "vitest" };

for (const engine of testEngines()) {
  describe(`[${engine}] two-factor sign-in`, () => {
    let t: TestApp;
    let clock: Date;
    let admin: UserRow;
    let session: ActiveSession;
    let key: Uint8Array;
    const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
    const code = (offset = 0) => generateHOTP(key, BigInt(timeStep(clock) + offset), 6);

    async function enrol(): Promise<string[]> {
      const status = await twoFactorStatus(t.ctx, admin);
      if (status.enabled) throw new Error("already enabled");
      key = decodeBase32IgnorePadding(status.setup.manualKey.replaceAll(" ", ""));
      const result = await confirmEnrolment(t.ctx, session, code(), meta);
      if (!result.ok || !result.recoveryCodes) throw new Error(`enrolment refused: ${JSON.stringify(result)}`);
      later(30_000); // the next code is of a later step
      return result.recoveryCodes;
    }

    /** Password, then the second step's token, then the typed code. */
    async function signInWith(typed: string) {
      const first = await signIn(t.ctx, { email: admin.email, password: "admin-pass" }, meta);
      expect(first.ok).toBe("second-factor");
      const step = await startSecondStep(t.ctx, admin.id);
      return { step, result: await finishSecondStep(t.ctx, step.token, typed, meta) };
    }

    beforeEach(async () => {
      clock = new Date("2026-11-27T10:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      admin = await createUser(t.ctx, { email: "amina@example.org", password: "admin-pass", role: "admin" });
      const created = await createSession(t.ctx, admin.id, meta);
      session = (await resolveSession(t.ctx, created.token))!;
    });
    afterEach(async () => t.cleanup());

    it("enrols with a code from the app: the key is sealed at rest, ten recovery codes are stored as digests", async () => {
      const first = await twoFactorStatus(t.ctx, admin);
      const again = await twoFactorStatus(t.ctx, admin);
      if (first.enabled || again.enabled) throw new Error("not expected enabled");
      expect(again.setup.manualKey).toBe(first.setup.manualKey);
      expect(first.setup.qrSvg).toMatch(/^<svg[^>]*viewBox/);
      expect(first.setup.qrSvg).not.toMatch(/<script|on\w+=|style=/i);
      // Still a password-only sign-in while the enrolment is pending.
      expect((await signIn(t.ctx, { email: admin.email, password: "admin-pass" }, meta)).ok).toBe(true);

      key = decodeBase32IgnorePadding(first.setup.manualKey.replaceAll(" ", ""));
      const wrong = await confirmEnrolment(t.ctx, session, code() === "000000" ? "111111" : "000000", meta);
      expect(wrong).toMatchObject({ ok: false, status: 400, fieldErrors: { code: "The code is not correct. 4 attempts remaining." } });
      const codes = await enrol();
      expect(codes).toHaveLength(10);

      const row = await t.ctx.db.kysely.selectFrom("two_factor").selectAll().where("user_id", "=", admin.id).executeTakeFirstOrThrow();
      expect(row.enabled_at).not.toBeNull();
      expect(row.secret).toMatch(/^v1\./);
      expect(row.secret).not.toContain(first.setup.manualKey.replaceAll(" ", ""));
      const stored = await t.ctx.db.kysely.selectFrom("recovery_codes").select("code_hash").where("user_id", "=", admin.id).execute();
      expect(stored).toHaveLength(10);
      expect(stored.map((r) => r.code_hash).join()).not.toContain(codes[0]!.replaceAll("-", ""));
      expect(await twoFactorStatus(t.ctx, admin)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
      expect(await activityByAction(t.ctx, "TWO_FACTOR_ENABLED")).toHaveLength(1);
    });

    it("asks for a code after the right password, and signs in with it", async () => {
      await enrol();
      const { result } = await signInWith(code());
      expect(result).toMatchObject({ ok: true, user: { id: admin.id } });
      if (result.ok !== true) throw new Error("refused");
      expect((await resolveSession(t.ctx, result.token))?.user.id).toBe(admin.id);
      const [success] = await activityByAction(t.ctx, "ADMIN_LOGIN_SUCCESS");
      expect(JSON.parse(success?.details ?? "{}")).toMatchObject({ second_factor: "code" });
    });

    it("refuses a code of a step already accepted, and the same code sent twice at once succeeds once", async () => {
      await enrol();
      const used = code();
      expect((await signInWith(used)).result.ok).toBe(true);
      const replay = await signInWith(used);
      expect(replay.result).toMatchObject({ ok: false, status: 401, description: "Invalid code. 4 attempts remaining." });
      const [refused] = await activityByAction(t.ctx, "TWO_FACTOR_FAILED");
      expect(JSON.parse(refused?.details ?? "{}")).toMatchObject({ reason: "code_already_used", purpose: "sign-in" });
      // An older step's code is refused too, though still inside the drift window.
      expect((await signInWith(code(-1))).result.ok).toBe(false);

      later(60_000);
      const fresh = code();
      const a = await startSecondStep(t.ctx, admin.id);
      const b = await startSecondStep(t.ctx, admin.id);
      // b retired a: open two steps as two browsers would, then race them with one code.
      await t.ctx.db.kysely.updateTable("one_time_tokens").set({ used_at: null }).where("purpose", "=", "two-factor-sign-in").execute();
      const results = await Promise.all([finishSecondStep(t.ctx, a.token, fresh, meta), finishSecondStep(t.ctx, b.token, fresh, meta)]);
      expect(results.filter((r) => r.ok === true)).toHaveLength(1);
    });

    it("counts wrong codes with wrong passwords: five block the account, even with the right code after", async () => {
      await enrol();
      const wrongPassword = await signIn(t.ctx, { email: admin.email, password: "not-the-pass" }, meta);
      expect(wrongPassword).toMatchObject({ ok: false, description: "Invalid credentials. 4 attempts remaining." });
      const step = await startSecondStep(t.ctx, admin.id);
      const bad = code() === "123456" ? "654321" : "123456";
      for (const remaining of [3, 2, 1]) {
        expect(await finishSecondStep(t.ctx, step.token, bad, meta)).toMatchObject({
          status: 401,
          description: `Invalid code. ${remaining} attempt${remaining === 1 ? "" : "s"} remaining.`,
        });
      }
      expect(await finishSecondStep(t.ctx, step.token, bad, meta)).toMatchObject({ status: 429, title: "Too Many Login Attempts" });
      expect(await finishSecondStep(t.ctx, step.token, code(), meta)).toMatchObject({ status: 429 });
      expect(await signIn(t.ctx, { email: admin.email, password: "admin-pass" }, meta)).toMatchObject({ status: 429 });
      expect(await activityByAction(t.ctx, "TWO_FACTOR_FAILED")).toHaveLength(4);
    });

    it("takes each recovery code once, and only within five minutes of the password", async () => {
      const codes = await enrol();
      const first = await signInWith(codes[0]!.toUpperCase());
      expect(first.result.ok).toBe(true);
      expect(await activityByAction(t.ctx, "TWO_FACTOR_RECOVERY_CODE_USED")).toHaveLength(1);
      expect((await signInWith(codes[0]!)).result).toMatchObject({ ok: false, status: 401 });
      expect(await twoFactorStatus(t.ctx, admin)).toEqual({ enabled: true, recoveryCodesLeft: 9 });

      const step = await startSecondStep(t.ctx, admin.id);
      later(SECOND_STEP_MS + 1);
      expect(await finishSecondStep(t.ctx, step.token, codes[1]!, meta)).toMatchObject({ ok: false, title: "Sign-in expired" });
      expect(await finishSecondStep(t.ctx, null, codes[1]!, meta)).toMatchObject({ ok: false, title: "Sign-in expired" });
      expect((await signInWith(codes[1]!)).result.ok).toBe(true);
    });

    it("turns off and makes new recovery codes only with the password and a code", async () => {
      const codes = await enrol();
      expect(await changeTwoFactor(t.ctx, session, "regenerate", { password: "wrong-pass", code: code() }, meta)).toMatchObject({
        ok: false,
        fieldErrors: { password: "The password is not correct. 4 attempts remaining." },
      });
      const fresh = await changeTwoFactor(t.ctx, session, "regenerate", { password: "admin-pass", code: code() }, meta);
      if (!fresh.ok || !fresh.recoveryCodes) throw new Error("refused");
      expect(fresh.recoveryCodes.some((c) => codes.includes(c))).toBe(false);
      expect((await signInWith(codes[0]!)).result.ok).toBe(false);
      expect(await activityByAction(t.ctx, "TWO_FACTOR_RECOVERY_CODES_REGENERATED")).toHaveLength(1);

      later(MINUTE);
      expect(
        await changeTwoFactor(t.ctx, session, "disable", { password: "admin-pass", code: "000000" === code() ? "1" : "000000" }, meta),
      ).toMatchObject({
        ok: false,
      });
      expect(await changeTwoFactor(t.ctx, session, "disable", { password: "admin-pass", code: fresh.recoveryCodes[0]! }, meta)).toEqual({
        ok: true,
        recoveryCodes: null,
      });
      expect(await activityByAction(t.ctx, "TWO_FACTOR_DISABLED")).toHaveLength(1);
      expect(await t.ctx.db.kysely.selectFrom("recovery_codes").select("code_hash").execute()).toEqual([]);
      expect((await signIn(t.ctx, { email: admin.email, password: "admin-pass" }, meta)).ok).toBe(true);
    });
  });
}
