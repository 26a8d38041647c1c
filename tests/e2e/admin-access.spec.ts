import { randomUUID } from "node:crypto";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { expect } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import Database from "better-sqlite3";
import routes from "../../app/routes";
import { DEMO_ADMIN, startDemoPortal } from "./support/demo-portal";
import { test } from "./support/test";

/**
 * Issue 4: every admin route and action is closed on the server. The route
 * list comes from app/routes.ts itself, so a new admin screen is covered the
 * day it is added: anonymous requests get the sign-in form (or 401/403),
 * a `user` account gets Access Denied, an editor is refused the admin-only
 * screens, and an admin passes.
 */
// The pages of one-time links (setup, invitation, reset) are opened signed out: their token is the key.
const OPEN = new Set([
  "admin/login",
  // The second sign-in step: signed out by design, opened with its own five-minute token (decision 0026).
  "admin/login/code",
  "admin/logout",
  "admin/setup",
  "admin/set-password",
  "admin/reset-password",
  "admin/session",
  "admin/*",
]);
const ADMIN_ONLY = ["admin/users", "admin/security", "admin/settings", "admin/database", "admin/analytics", "admin/test", "admin/logs"];

function flatten(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((e) => {
    const full = e.index ? parent : [parent, e.path ?? ""].filter(Boolean).join("/");
    const own = e.path !== undefined || e.index ? [full] : [];
    return [...own, ...flatten(e.children ?? [], full)];
  });
}

const adminPaths = [...new Set(flatten(routes as RouteConfigEntry[]))]
  .filter((p) => p === "admin" || p.startsWith("admin/"))
  .filter((p) => !OPEN.has(p));
const isAdminOnly = (p: string) => ADMIN_ONLY.some((a) => p === a || p.startsWith(`${a}/`));

test("every admin route and action checks the session and the role", async ({ playwright }) => {
  test.setTimeout(240_000);
  expect(adminPaths.length, "the route list was read").toBeGreaterThan(20);
  const accounts = { editor: "access-editor@example.org", user: "access-user@example.org", password: "access-password" };
  let ids: Record<string, string> = {};
  const portal = await startDemoPortal(async (dataDir) => {
    const db = new Database(path.join(dataDir, "portal.db"));
    const passwordHash = await hash(accounts.password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const now = new Date().toISOString();
    for (const [email, role] of [
      [accounts.editor, "editor"],
      [accounts.user, "user"],
    ]) {
      db.prepare(
        "insert into users (id, email, role, password_hash, is_active, login_count, created_at, updated_at) values (?, ?, ?, ?, 1, 0, ?, ?)",
      ).run(randomUUID(), email, role, passwordHash, now, now);
    }
    const one = (sql: string) => (db.prepare(sql).get() as { id: string }).id;
    ids = {
      documents: one("select id from documents limit 1"),
      // A folder with a published file, so its "Download all" ZIP answers 200 (an empty one is a 404).
      folders: one("select folder_id as id from documents where published = 1 and file_path is not null and folder_id is not null limit 1"),
      dashboards: one("select id from dashboards limit 1"),
      users: one(`select id from users where email = '${accounts.editor}'`),
    };
    // An attachment of that document, for the attachment routes.
    ids.attachments = randomUUID();
    db.prepare(
      "insert into document_attachments (id, document_id, label, file_path, display_order, created_at) values (?, ?, 'Annex', 'attachments/annex.pdf', 0, ?)",
    ).run(ids.attachments, ids.documents, now);
    db.close();
  });

  const concrete = (p: string) =>
    `/${p
      .replace(/(documents|folders|dashboards|users)\/:id/, (_m, kind: string) => `${kind}/${ids[kind]}`)
      .replace(":attachmentId", ids.attachments ?? ":attachmentId")}`;
  const urls = adminPaths.map((p) => ({ path: p, url: concrete(p) }));
  expect(
    urls.every((u) => !u.url.includes(":")),
    "every parameter was filled",
  ).toBe(true);

  const signIn = async (email: string, password: string) => {
    const context = await playwright.request.newContext({ baseURL: portal.url, maxRedirects: 0, extraHTTPHeaders: { Origin: portal.url } });
    const res = await context.post("/admin/login", { form: { email, password } });
    return { context, res };
  };

  try {
    // Anonymous: every page and action answers with the sign-in form (a redirect to it) or 401/403.
    const anonymous = await playwright.request.newContext({
      baseURL: portal.url,
      maxRedirects: 0,
      extraHTTPHeaders: { Origin: portal.url },
    });
    for (const { url } of urls) {
      for (const method of ["GET", "POST"] as const) {
        const res = await anonymous.fetch(url, { method, form: method === "POST" ? { intent: "delete" } : undefined });
        // 405: the route has no action at all, so there is nothing a POST could do.
        const ok =
          [401, 403, 405].includes(res.status()) || (res.status() === 302 && (res.headers().location ?? "").startsWith("/admin/login"));
        expect(ok, `anonymous ${method} ${url} answered ${res.status()} ${res.headers().location ?? ""}`).toBe(true);
      }
    }

    // A `user` account never gets a session: Access Denied, and the attempt is logged.
    const user = await signIn(accounts.user, accounts.password);
    expect(user.res.status()).toBe(403);
    expect(await user.res.text()).toContain("You do not have admin privileges");
    expect(user.res.headers()["set-cookie"] ?? "").not.toContain("portal_session=");

    // Editors: content screens yes, people and system screens no (GET and POST).
    const editor = await signIn(accounts.editor, accounts.password);
    expect(editor.res.status()).toBe(302);
    for (const { path: p, url } of urls) {
      const get = await editor.context.get(url);
      if (isAdminOnly(p)) {
        expect(get.status(), `editor GET ${url}`).toBe(403);
        const post = await editor.context.post(url, { form: { intent: "delete" } });
        expect([403, 405], `editor POST ${url} answered ${post.status()}`).toContain(post.status());
      } else {
        expect(get.status(), `editor GET ${url}`).toBe(200);
      }
    }

    // Admins pass everywhere.
    const admin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(admin.res.status()).toBe(302);
    for (const { url } of urls) {
      const res = await admin.context.get(url);
      // A POST-only resource (the database backup) answers GET with 405; the admin's POST must pass.
      const status = res.status() === 405 ? (await admin.context.post(url)).status() : res.status();
      expect(status, `admin ${url}`).toBe(200);
    }
  } finally {
    await portal.dispose();
  }
});
