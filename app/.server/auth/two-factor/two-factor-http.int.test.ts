import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../../tests/support/http";
import type { UserRow } from "../../db/types";
import { createUser } from "../../users/users.service";
import { SESSION_COOKIE, TWO_FACTOR_PAGE } from "../guards";
import { createSession } from "../sessions";
import { SECOND_STEP_COOKIE } from "./second-step-cookie";
import { timeStep } from "./totp";

/**
 * Two-factor sign-in over HTTP (issue 12 item 12), as a browser without JavaScript sends it: the
 * code step between password and session, enrolment on the page, and the setting that makes it
 * required for admins, enforced by the guard of every admin page and resource.
 */

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

for (const engine of testEngines()) {
  describe(`[${engine}] two-factor sign-in over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let admin: UserRow;
    let editor: UserRow;

    beforeAll(async () => {
      t = await createTestApp(engine);
      admin = await createUser(t.ctx, { email: "admin@example.org", password: "admin-pass", role: "admin" });
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      http = await startHttpApp(vite, t.ctx);
    });
    afterAll(async () => {
      await http?.close();
      await t.cleanup();
    });

    const post = (path: string, cookies: Record<string, string>, fields: Record<string, string>) =>
      http.get(path, {
        method: "POST",
        headers: {
          Cookie: Object.entries(cookies)
            .map(([k, v]) => `${k}=${v}`)
            .join("; "),
          Origin: http.origin,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields),
      });
    const page = (path: string, token: string) => http.get(path, { headers: { Cookie: `${SESSION_COOKIE}=${token}` } });
    const cookieOf = (res: Response, name: string) => new RegExp(`${name}=([^;]+)`).exec(res.headers.get("set-cookie") ?? "")?.[1] ?? null;
    const keyOf = (html: string) => {
      const shown = /data-testid="two-factor-key"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1];
      if (!shown) throw new Error("no key on the page");
      return decodeBase32IgnorePadding(shown.replaceAll(" ", ""));
    };
    const codeFor = (key: Uint8Array, offset = 0) => generateHOTP(key, BigInt(timeStep(new Date()) + offset), 6);

    it("enrols on the page (QR code and key, no script), then signs in with password and code", async () => {
      const { token } = await createSession(t.ctx, editor.id, { ip: null, userAgent: null });
      const setup = await page(TWO_FACTOR_PAGE, token);
      expect(setup.status).toBe(200);
      const html = await setup.text();
      expect(html).toMatch(/<svg[^>]*viewBox/);
      const key = keyOf(html);
      const enabled = await post(TWO_FACTOR_PAGE, { [SESSION_COOKIE]: token }, { intent: "enable", code: codeFor(key, -1) });
      expect(enabled.status).toBe(200);
      const shown = await enabled.text();
      expect(shown).toContain("Your recovery codes");
      expect(shown.match(/<li>[a-z2-7]{4}(-[a-z2-7]{4}){3}<\/li>/g)).toHaveLength(10);

      const password = await post("/admin/login?redirectTo=%2Fadmin%2Fdocuments", {}, { email: editor.email, password: "editor-pass" });
      expect(password.status).toBe(302);
      expect(password.headers.get("location")).toBe("/admin/login/code?redirectTo=%2Fadmin%2Fdocuments");
      expect(cookieOf(password, SESSION_COOKIE)).toBeNull();
      const step = cookieOf(password, SECOND_STEP_COOKIE);
      expect(step).toBeTruthy();
      expect(password.headers.get("set-cookie")).toMatch(/HttpOnly/);

      const form = await http.get("/admin/login/code", { headers: { Cookie: `${SECOND_STEP_COOKIE}=${step}` } });
      expect(form.status).toBe(200);
      expect(await form.text()).toContain("Two-factor sign-in");
      expect((await http.get("/admin/login/code")).headers.get("location")).toMatch(/^\/admin\/login/);

      const wrong = await post("/admin/login/code", { [SECOND_STEP_COOKIE]: step! }, { code: "12345" });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain("Invalid code. 4 attempts remaining.");
      const done = await post("/admin/login/code?redirectTo=%2Fadmin%2Fdocuments", { [SECOND_STEP_COOKIE]: step! }, { code: codeFor(key) });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/admin/documents");
      const session = cookieOf(done, SESSION_COOKIE);
      expect(session).toBeTruthy();
      expect((await page("/admin/documents", session!)).status).toBe(200);
      // The step is used up: the same cookie cannot open a second session.
      const reused = await post("/admin/login/code", { [SECOND_STEP_COOKIE]: step! }, { code: codeFor(key, 1) });
      expect(reused.status).toBe(302);
      expect(reused.headers.get("location")).toBe("/admin/login?step=expired&redirectTo=%2Fadmin");
      expect(await (await http.get("/admin/login?step=expired")).text()).toContain("Sign-in expired");
      expect(cookieOf(reused, SESSION_COOKIE)).toBeNull();
    });

    it("sends an admin without it to enrolment on every admin page and resource once an admin requires it", async () => {
      const { token } = await createSession(t.ctx, admin.id, { ip: null, userAgent: null });
      expect((await page("/admin/users", token)).status).toBe(200);
      // Through the Settings page, as an admin turns it on.
      const saved = await post(
        "/admin/settings",
        { [SESSION_COOKIE]: token },
        { intent: "save-settings", siteName: "CCCM Somalia", requireTwoFactorForAdmins: "on" },
      );
      expect(saved.status).toBeLessThan(400);
      expect(
        await t.ctx.db.kysely.selectFrom("settings").select("value").where("key", "=", "requireTwoFactorForAdmins").executeTakeFirst(),
      ).toEqual({ value: "true" });
      {
        for (const path of ["/admin", "/admin/users", "/admin/settings", "/admin/account/password"]) {
          const res = await page(path, token);
          expect(res.status, path).toBe(302);
          expect(res.headers.get("location"), path).toBe(TWO_FACTOR_PAGE);
        }
        // Client-side navigations (single fetch) are held to the same rule.
        const data = await page("/admin/users.data", token);
        expect(data.status).toBe(202); // single fetch's way of saying "redirect"
        expect(await data.text()).toContain(TWO_FACTOR_PAGE);
        expect((await page(`${TWO_FACTOR_PAGE}.data`, token)).status).toBe(200);
        const backup = await page("/admin/database/backup", token);
        expect(backup.status).toBe(403);
        const enrolPage = await page(TWO_FACTOR_PAGE, token);
        expect(enrolPage.status).toBe(200);
        const html = await enrolPage.text();
        expect(html).toContain("Two-factor sign-in is required");
        // Editors are not bound by the rule.
        const editorSession = await createSession(t.ctx, editor.id, { ip: null, userAgent: null });
        expect((await page("/admin/documents", editorSession.token)).status).toBe(200);

        const enabled = await post(TWO_FACTOR_PAGE, { [SESSION_COOKIE]: token }, { intent: "enable", code: codeFor(keyOf(html)) });
        expect(enabled.status).toBe(200);
        expect((await page("/admin/users", token)).status).toBe(200);
      }
    });
  });
}
