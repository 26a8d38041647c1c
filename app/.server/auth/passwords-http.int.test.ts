import type { ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type HttpApp, startHttpApp, startVite } from "../../../tests/support/http";
import type { UserRow } from "../db/types";
import { createUser } from "../users/users.service";
import { SESSION_COOKIE } from "./guards";
import { signIn } from "./login";
import { createSession, resolveSession } from "./sessions";

/**
 * Changing one's own password and reset links over HTTP (issue 12 item 10): who may open which
 * page, and what the forms do, as a browser without JavaScript sends them.
 */

const meta = { ip: "203.0.113.31", userAgent: "vitest" };

let vite: ViteDevServer;
beforeAll(async () => {
  vite = await startVite();
});
afterAll(async () => vite.close());

for (const engine of testEngines()) {
  describe(`[${engine}] passwords over HTTP`, () => {
    let t: TestApp;
    let http: HttpApp;
    let admin: UserRow;
    let editor: UserRow;
    let reader: UserRow;

    beforeAll(async () => {
      t = await createTestApp(engine);
      admin = await createUser(t.ctx, { email: "admin@example.org", password: "admin-pass", role: "admin" });
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      reader = await createUser(t.ctx, { email: "reader@example.org", password: "reader-pass", role: "user" });
      http = await startHttpApp(vite, t.ctx);
    });
    afterAll(async () => {
      await http?.close();
      await t.cleanup();
    });

    const cookie = (token: string | null): Record<string, string> => (token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {});
    const post = (path: string, token: string | null, fields: Record<string, string>) =>
      http.get(path, {
        method: "POST",
        headers: { ...cookie(token), Origin: http.origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
    const sessionOf = (res: Response) => new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(res.headers.get("set-cookie") ?? "")?.[1] ?? null;
    const resetPage = (user: UserRow) => `/admin/users/${user.id}/reset-password`;

    it("sends visitors to the sign-in form, and refuses reset links to editors and users", async () => {
      for (const path of ["/admin/account/password", resetPage(editor)]) {
        const visitor = await http.get(path);
        expect(visitor.status, path).toBe(302);
        expect(visitor.headers.get("location"), path).toMatch(/^\/admin\/login\?redirectTo=/);
        const posted = await post(path, null, { current: "x", password: "y", confirm: "y" });
        expect(posted.status, path).toBe(302);
        expect(posted.headers.get("location"), path).toMatch(/^\/admin\/login\?redirectTo=/);
      }
      const asEditor = await createSession(t.ctx, editor.id, meta);
      const asReader = await createSession(t.ctx, reader.id, meta);
      for (const token of [asEditor.token, asReader.token]) {
        expect((await http.get(resetPage(admin), { headers: cookie(token) })).status).toBe(403);
        const refused = await post(resetPage(admin), token, {});
        expect(refused.status).toBe(403);
        expect(await refused.text()).not.toContain("/admin/reset-password?token=");
      }
      // A "user" has no admin portal, so no change-password page either.
      expect((await http.get("/admin/account/password", { headers: cookie(asReader.token) })).status).toBe(403);
      const linksMade = await t.ctx.db.kysely.selectFrom("one_time_tokens").select("id").where("purpose", "=", "password-reset").execute();
      expect(linksMade).toHaveLength(0);
    });

    it("lets an admin make a reset link that opens a form once; using it ends the account's sessions", async () => {
      const adminSession = await createSession(t.ctx, admin.id, meta);
      const confirm = await http.get(resetPage(editor), { headers: cookie(adminSession.token) });
      expect(confirm.status).toBe(200);
      const confirmPage = await confirm.text();
      expect(confirmPage).toContain("Create a password reset link for");
      expect(confirmPage).not.toContain("/admin/reset-password?token=");

      const made = await post(resetPage(editor), adminSession.token, {});
      expect(made.status).toBe(200);
      const link = new RegExp(`${http.origin}(/admin/reset-password\\?token=[A-Za-z0-9_-]{43})`).exec(await made.text())?.[1];
      expect(link).toBeTruthy();

      const editorPhone = await createSession(t.ctx, editor.id, meta);
      const form = await http.get(link!);
      expect(form.status).toBe(200);
      const formPage = await form.text();
      expect(formPage).toContain("editor@example.org");
      expect(formPage).toContain("15 or more is better");

      const common = await post(link!, null, { password: "football", confirm: "football" });
      expect(common.status).toBe(400);
      expect(await common.text()).toContain("This password is one of the most common ones");

      const done = await post(link!, null, { password: "hiiraan river levels", confirm: "hiiraan river levels" });
      expect(done.status).toBe(302);
      expect(done.headers.get("location")).toBe("/admin");
      const fresh = sessionOf(done);
      expect((await resolveSession(t.ctx, fresh!))?.user.id).toBe(editor.id);
      expect(await resolveSession(t.ctx, editorPhone.token)).toBeNull();
      expect((await signIn(t.ctx, { email: "editor@example.org", password: "hiiraan river levels" }, meta)).ok).toBe(true);

      const again = await http.get(link!);
      expect(await again.text()).toContain("This link cannot be used");
      const reused = await post(link!, null, { password: "another river level", confirm: "another river level" });
      expect(reused.status).toBe(400);
      expect((await signIn(t.ctx, { email: "editor@example.org", password: "another river level" }, meta)).ok).toBe(false);
    });

    it("lets any staff member change their own password with the current one; their other sessions end", async () => {
      const staff = await createUser(t.ctx, { email: "field@example.org", password: "field-officer-pass", role: "editor" });
      const here = await createSession(t.ctx, staff.id, meta);
      const there = await createSession(t.ctx, staff.id, meta);
      const page = await http.get("/admin/account/password", { headers: cookie(here.token) });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Current password");

      const wrong = await post("/admin/account/password", here.token, {
        current: "not-the-password",
        password: "beledweyne flood map",
        confirm: "beledweyne flood map",
      });
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain("The current password is not correct. 4 attempts remaining.");

      const changed = await post("/admin/account/password", here.token, {
        current: "field-officer-pass",
        password: "beledweyne flood map",
        confirm: "beledweyne flood map",
      });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toContain("Password changed");
      expect(await resolveSession(t.ctx, here.token)).not.toBeNull();
      expect(await resolveSession(t.ctx, there.token)).toBeNull();
      expect((await signIn(t.ctx, { email: "field@example.org", password: "beledweyne flood map" }, meta)).ok).toBe(true);
    });
  });
}
