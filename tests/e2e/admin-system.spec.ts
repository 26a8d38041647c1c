import fs from "node:fs/promises";
import path from "node:path";
import { type Browser, expect, type Page } from "@playwright/test";
import SqliteDatabase from "better-sqlite3";
import { axeBuilder } from "./support/axe";
import { DEMO_ADMIN, startDemoPortal } from "./support/demo-portal";
import type { RunningPortal } from "./support/portal";
import { test } from "./support/test";

/**
 * Issue 4 items 3 and 10: the admin system screens on a demo portal, with and without JavaScript:
 * real dashboard numbers, analytics from real views and downloads, settings applied to the public
 * side (site name, maintenance mode, menu), the test suite, logs, database page and backup.
 */
type Portal = RunningPortal & { dispose(): Promise<void> };
const version = (
  JSON.parse(await fs.readFile(path.resolve(import.meta.dirname, "..", "..", "package.json"), "utf8")) as { version: string }
).version;

/** Reads the portal's own database, to compare the pages with the truth. */
function query<T>(portal: Portal, sql: string, ...params: unknown[]): T {
  const db = new SqliteDatabase(path.join(portal.dataDir, "portal.db"), { readonly: true });
  try {
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
}
const count = (portal: Portal, sql: string, ...params: unknown[]) => query<{ n: number }>(portal, sql, ...params).n;

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base}/admin`);
}

function card(page: Page, label: string) {
  return page
    .locator("dl > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd")
    .first();
}

/**
 * axe runs as a script in the page, so only with JavaScript; the toasts (the sign-in welcome among
 * them) are the toast library's, checked elsewhere, and may or may not still be on screen.
 */
async function expectAxeClean(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  const { violations } = await axeBuilder(page).exclude("[data-sonner-toaster]").analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function visitor(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  return { context, page: await context.newPage() };
}

/** A visitor who chose Somali: the language switch's cookie (decision 0031). */
async function somaliVisitor(browser: Browser, javaScriptEnabled: boolean, base: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  await context.addCookies([{ name: "lang", value: "so", url: base }]);
  return { context, page: await context.newPage() };
}

async function saveSettings(page: Page, base: string, change: (page: Page) => Promise<void>, javaScriptEnabled: boolean) {
  await page.goto(`${base}/admin/settings`);
  // Once scripts run, the tabs replace the stacked panels (and their fields): wait for that before typing.
  if (javaScriptEnabled) await expect(page.getByRole("tablist", { name: "Settings" })).toBeVisible();
  await change(page);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" }).first()).toBeVisible();
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`admin system screens ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.describe.configure({ mode: "serial" });
    test.use({ javaScriptEnabled });
    let portal: Portal;
    const mode = javaScriptEnabled ? "js" : "nojs";

    test.beforeAll(async () => {
      portal = await startDemoPortal();
    });
    test.afterAll(async () => portal?.dispose());

    test("the dashboard shows real numbers and the system status", async ({ page }) => {
      await signIn(page, portal.url);
      await expect(card(page, "Documents")).toHaveText(String(count(portal, "select count(*) as n from documents")));
      await expect(card(page, "Total Users")).toHaveText(String(count(portal, "select count(*) as n from users")));
      await expect(card(page, "Active Sessions")).toHaveText(
        String(count(portal, "select count(*) as n from sessions where expires_at > ?", new Date().toISOString())),
      );
      await expect(card(page, "System Health")).toHaveText("Healthy");
      const recent = page.getByRole("region", { name: "Recent Activity" });
      await expect(recent.getByRole("listitem")).toHaveCount(5);
      await expect(recent.getByRole("listitem").first()).toContainText("ADMIN_LOGIN_SUCCESS");
      await expect(recent.getByRole("listitem").first()).toContainText(DEMO_ADMIN.email);
      const status = page.getByRole("region", { name: "System Status" });
      await expect(status).toContainText("SQLite,");
      await expect(status).toContainText(`v${version}`);
      await expect(status).toContainText("in stored documents and attachments (local disk)");
      await expectAxeClean(page, javaScriptEnabled);
    });

    test("analytics count the views and downloads that happened", async ({ page, browser }) => {
      const doc = query<{ id: string; title: string }>(
        portal,
        "select id, title from documents where published = 1 and file_path is not null order by title limit 1",
      );
      const anonymous = await visitor(browser, javaScriptEnabled);
      for (let i = 0; i < 2; i++) expect((await anonymous.page.goto(`${portal.url}/document/${doc.id}`))!.status()).toBe(200);
      expect((await anonymous.page.request.get(`${portal.url}/api/documents/${doc.id}/download`)).status()).toBe(200);
      await anonymous.context.close();

      await signIn(page, portal.url);
      await page.goto(`${portal.url}/admin/analytics`);
      await page.getByRole("link", { name: "Last 7 days" }).click();
      await expect(page).toHaveURL(/period=7$/);
      await expect(card(page, "Document views")).toHaveText("2");
      await expect(card(page, "Downloads")).toHaveText("1");
      const viewed = page.getByRole("region", { name: "Top documents by views" }).getByRole("row").filter({ hasText: doc.title });
      await expect(viewed.getByRole("cell").nth(3)).toHaveText("2");
      const downloaded = page.getByRole("region", { name: "Top documents by downloads" }).getByRole("row").filter({ hasText: doc.title });
      await expect(downloaded.getByRole("cell").nth(3)).toHaveText("1");
      await expect(page.getByRole("img", { name: "Views and downloads per day" })).toBeVisible();
      await page.getByText("Show the numbers per day").click();
      const today = new Date().toISOString().slice(0, 10);
      await expect(page.getByRole("row", { name: new RegExp(`^${today} 2 0 1$`) })).toBeVisible();
      await expectAxeClean(page, javaScriptEnabled);
    });

    test("saved settings are applied: the site name in the public header, footer and titles, in each language", async ({
      page,
      browser,
    }) => {
      const name = `Somalia Camp Hub ${mode}`;
      const nameSo = `Xarunta Xeryaha ${mode}`;
      // A page already open: with JavaScript it takes the new name live ("settings.changed").
      const open = await visitor(browser, javaScriptEnabled);
      const connected = javaScriptEnabled ? open.page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events") : null;
      await open.page.goto(`${portal.url}/guidelines`);
      await connected;
      await signIn(page, portal.url);
      await saveSettings(
        page,
        portal.url,
        async (p) => {
          await p.getByLabel("Site name", { exact: true }).fill(name);
          await p.getByLabel("Site description", { exact: true }).fill(`Field guidance (${mode}).`);
          await p.getByLabel("Site name (Somali)").fill(nameSo);
          await p.getByLabel("Site description (Somali)").fill(`Hagitaan goobeed (${mode}).`);
        },
        javaScriptEnabled,
      );
      await expect(page.getByLabel("Site name", { exact: true })).toHaveValue(name);
      await expect(page.getByLabel("Site name (Somali)")).toHaveValue(nameSo);
      await expect(page.getByText(`by ${DEMO_ADMIN.email}`)).toBeVisible();
      await expectAxeClean(page, javaScriptEnabled);
      if (javaScriptEnabled) {
        await expect(open.page.getByRole("banner").getByRole("link", { name })).toBeVisible();
        await expect(open.page).toHaveTitle(`Guidelines & Procedures | ${name}`);
      }
      await open.context.close();

      const anonymous = await visitor(browser, javaScriptEnabled);
      await anonymous.page.goto(`${portal.url}/reports`);
      await expect(anonymous.page.getByRole("banner").getByRole("link", { name })).toBeVisible();
      await expect(anonymous.page).toHaveTitle(`Reports | ${name}`);
      await expect(anonymous.page.getByRole("contentinfo")).toContainText(`Field guidance (${mode}).`);
      await expect(anonymous.page.locator("body")).not.toContainText(nameSo);
      await anonymous.context.close();

      // A reader of the Somali pages sees the Somali name and description, in the header, footer and titles.
      const somali = await somaliVisitor(browser, javaScriptEnabled, portal.url);
      await somali.page.goto(`${portal.url}/reports`);
      await expect(somali.page.locator("html")).toHaveAttribute("lang", "so");
      await expect(somali.page.getByRole("banner").getByRole("link", { name: nameSo })).toBeVisible();
      await expect(somali.page).toHaveTitle(new RegExp(` \\| ${nameSo}$`));
      await expect(somali.page.getByRole("contentinfo")).toContainText(`Hagitaan goobeed (${mode}).`);
      await expect(somali.page.getByRole("contentinfo")).not.toContainText(`Field guidance (${mode}).`);

      // The Somali name emptied: Somali readers get the English one.
      await saveSettings(page, portal.url, (p) => p.getByLabel("Site name (Somali)").fill(""), javaScriptEnabled);
      await somali.page.goto(`${portal.url}/about`);
      await expect(somali.page.getByRole("banner").getByRole("link", { name })).toBeVisible();
      await expect(somali.page).toHaveTitle(new RegExp(` \\| ${name}$`));
      await somali.context.close();
    });

    test("maintenance mode gives the public a 503 page while the admin portal and staff keep working", async ({ page, browser }) => {
      // A page already open: with JavaScript it turns into the maintenance page, and back, live.
      const open = await visitor(browser, javaScriptEnabled);
      const connected = javaScriptEnabled ? open.page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events") : null;
      await open.page.goto(`${portal.url}/reports`);
      await connected;
      await signIn(page, portal.url);
      await saveSettings(page, portal.url, (p) => p.getByRole("switch", { name: "Maintenance mode" }).check(), javaScriptEnabled);
      if (javaScriptEnabled) await expect(open.page.getByRole("heading", { name: "Down for maintenance" })).toBeVisible();
      const anonymous = await visitor(browser, javaScriptEnabled);
      const closed = await anonymous.page.goto(`${portal.url}/documents`);
      expect(closed!.status()).toBe(503);
      expect(closed!.headers()["retry-after"]).toBe("300");
      await expect(anonymous.page.getByRole("heading", { name: "Down for maintenance" })).toBeVisible();
      await expect(anonymous.page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      expect((await anonymous.page.request.get(`${portal.url}/healthz`)).status()).toBe(200);

      expect((await page.goto(`${portal.url}/admin/documents`))!.status()).toBe(200);
      expect((await page.goto(`${portal.url}/documents`))!.status()).toBe(200);
      await expect(page.getByText("Maintenance mode is on")).toBeVisible();

      await saveSettings(page, portal.url, (p) => p.getByRole("switch", { name: "Maintenance mode" }).uncheck(), javaScriptEnabled);
      expect((await anonymous.page.goto(`${portal.url}/documents`))!.status()).toBe(200);
      await anonymous.context.close();
      if (javaScriptEnabled) await expect(open.page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
      await open.context.close();
    });

    test("menu and contact edits appear on the public pages", async ({ page, browser }) => {
      await signIn(page, portal.url);
      await page.goto(`${portal.url}/admin/settings`);
      const about = page.getByRole("form", { name: "Menu item About" });
      await about.getByLabel("Title", { exact: true }).fill(`About the cluster ${mode}`);
      await about.getByLabel("Title (Somali)").fill(`Ku saabsan kooxda ${mode}`);
      await about.getByRole("button", { name: "Save item" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Menu item saved" }).first()).toBeVisible();
      const add = page.getByRole("form", { name: "Add a menu item" });
      // The default menu already links /standards (issue 9, item 7): add another list.
      await add.getByLabel("Title", { exact: true }).fill("Training");
      await add.getByLabel("URL").fill("javascript:alert(1)");
      await add.getByRole("button", { name: "Add menu item" }).click();
      await expect(page.getByText("Use a path such as /reports or an https:// address")).toBeVisible();
      await page.getByRole("form", { name: "Add a menu item" }).getByLabel("URL").fill("/documents?category=Training");
      await page.getByRole("form", { name: "Add a menu item" }).getByLabel("Icon").selectOption("book-open");
      await page.getByRole("form", { name: "Add a menu item" }).getByRole("button", { name: "Add menu item" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Menu item added" }).first()).toBeVisible();
      const contact = page.getByRole("form", { name: "Add a contact" });
      await contact.getByLabel("Label", { exact: true }).fill("Duty officer");
      await contact.getByLabel("Label (Somali)").fill("Sarkaalka shaqada");
      await contact.getByLabel("Value").fill("duty@example.org");
      await contact.getByRole("button", { name: "Add contact" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Contact added" }).first()).toBeVisible();

      const anonymous = await visitor(browser, javaScriptEnabled);
      await anonymous.page.goto(portal.url);
      // Eight items may not fit the bar: then they are behind the menu button (public-layout.spec.ts).
      const link = (name: string) => anonymous.page.locator("header").getByRole("link", { name, includeHidden: true }).first();
      await expect(link(`About the cluster ${mode}`)).toHaveAttribute("href", "/about");
      await expect(link("Training")).toHaveAttribute("href", "/documents?category=Training");
      await expect(anonymous.page.getByRole("contentinfo")).toContainText("duty@example.org");
      await expect(anonymous.page.getByRole("contentinfo")).toContainText("Duty officer");
      await anonymous.context.close();

      // In Somali: the Somali title and label staff gave; the item given none keeps its English title.
      const somali = await somaliVisitor(browser, javaScriptEnabled, portal.url);
      await somali.page.goto(portal.url);
      const somaliLink = (name: string) => somali.page.locator("header").getByRole("link", { name, includeHidden: true }).first();
      await expect(somaliLink(`Ku saabsan kooxda ${mode}`)).toHaveAttribute("href", "/about");
      await expect(somaliLink("Training")).toHaveAttribute("href", "/documents?category=Training");
      await expect(somali.page.getByRole("contentinfo")).toContainText("Sarkaalka shaqada");
      await expect(somali.page.getByRole("contentinfo")).not.toContainText("Duty officer");
      await somali.context.close();
    });

    test("the database page shows real row counts and migrations, and the backup is an SQLite file", async ({ page }) => {
      await signIn(page, portal.url);
      await page.goto(`${portal.url}/admin/database`);
      const rows = page.getByRole("region", { name: "Tables" });
      for (const table of ["documents", "users", "navigation_menu", "activity_logs"]) {
        await expect(rows.getByRole("row", { name: new RegExp(`^${table} `) }).getByRole("cell")).toHaveText(
          String(count(portal, `select count(*) as n from ${table}`)),
        );
      }
      await expect(
        page.getByRole("region", { name: "Migrations" }).getByRole("listitem").filter({ hasText: "0003-dashboard-thumbnails" }),
      ).toContainText("applied");
      await expectAxeClean(page, javaScriptEnabled);

      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Download backup" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^portal-\d{8}-\d{4}\.db$/);
      const bytes = await fs.readFile(await file.path());
      expect(bytes.subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");

      // Without a session (a plain client, no cookies): refused.
      const anonymous = await fetch(`${portal.url}/admin/database/backup`, {
        method: "POST",
        headers: { Origin: portal.url },
        redirect: "manual",
      });
      expect(anonymous.status).toBe(401);
    });

    test("the test suite runs real checks, all green; its temporary document is never public and goes away", async ({ page }) => {
      await signIn(page, portal.url);
      await page.goto(`${portal.url}/admin/test`);
      await expect(page.getByRole("status").filter({ hasText: javaScriptEnabled ? "Waiting" : "Needs JavaScript" })).toBeVisible();
      await page.getByRole("button", { name: "Run all tests" }).click();
      await expect(page.getByText("All 6 checks passed")).toBeVisible();
      for (const name of ["Database", "Authentication", "Admin permissions", "Storage", "Real-time", "Test upload"]) {
        await expect(page.getByRole("listitem").filter({ hasText: `${name}: Passed` })).toHaveCount(1);
      }
      if (javaScriptEnabled) await expect(page.getByRole("status").filter({ hasText: "Active" })).toBeVisible();
      await expectAxeClean(page, javaScriptEnabled);

      const title = "Test Suite temporary document";
      expect(count(portal, "select count(*) as n from documents where title = ? and published = 0", title)).toBe(1);
      const listed = await (await fetch(`${portal.url}/api/public/documents`)).text();
      expect(listed).not.toContain(title);
      await expect
        .poll(() => count(portal, "select count(*) as n from documents where title = ?", title), { timeout: 20_000, intervals: [1_000] })
        .toBe(0);
      // No job is left behind: the removal ran, and the temporary file's reading went with it. The
      // only jobs left are the demo files waiting to be read (this portal does not read them).
      expect(count(portal, "select count(*) as n from jobs where kind <> 'read-file'")).toBe(0);
      expect(count(portal, "select count(*) as n from jobs")).toBe(
        count(portal, "select count(*) as n from file_contents where status = 'queued'"),
      );
    });

    test("the system screens are for admins only: visitors sign in first, editors see only the content cards", async ({
      page,
      browser,
    }) => {
      const screens = ["/admin/analytics", "/admin/settings", "/admin/test", "/admin/logs", "/admin/database"];
      for (const screen of screens) {
        const response = await fetch(`${portal.url}${screen}`, { redirect: "manual" });
        expect(response.status, screen).toBe(302);
        expect(response.headers.get("location"), screen).toContain("/admin/login");
      }
      await signIn(page, portal.url);
      await page.goto(`${portal.url}/admin/users`);
      const email = `editor.${mode}@example.org`;
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Role", { exact: true }).selectOption({ label: "Editor" });
      await page.getByRole("button", { name: "Invite user" }).click();
      const link = await page.getByLabel(`Set-password link for ${email}`).inputValue();

      const editor = await visitor(browser, javaScriptEnabled);
      await editor.page.goto(link);
      await editor.page.getByLabel("New password").fill("editor-secret");
      await editor.page.getByLabel("Confirm password").fill("editor-secret");
      await editor.page.getByRole("button", { name: "Set password" }).click();
      await expect(editor.page).toHaveURL(`${portal.url}/admin`);
      await expect(card(editor.page, "Documents")).toHaveText(String(count(portal, "select count(*) as n from documents")));
      await expect(card(editor.page, "Total Users")).toHaveCount(0);
      await expect(editor.page.getByRole("region", { name: "System Status" })).toHaveCount(0);
      for (const screen of screens) expect((await editor.page.request.get(`${portal.url}${screen}`)).status(), screen).toBe(403);
      const post = (url: string, form: Record<string, string>) =>
        editor.page.request.post(`${portal.url}${url}`, { headers: { Origin: portal.url }, form });
      expect((await post("/admin/settings", { intent: "save-settings", siteName: "Taken over" })).status()).toBe(403);
      expect((await post("/admin/database/backup", {})).status()).toBe(403);
      expect((await post("/admin/test", {})).status()).toBe(403);
      await editor.context.close();
    });

    // Measured by a script in the page, so with JavaScript only (the server HTML is the same).
    if (javaScriptEnabled)
      test("every system screen fits a 360 px screen and is axe-clean", async ({ page }) => {
        await signIn(page, portal.url);
        await page.setViewportSize({ width: 360, height: 740 });
        for (const screen of ["/admin", "/admin/analytics?period=90", "/admin/settings", "/admin/test", "/admin/logs", "/admin/database"]) {
          await page.goto(`${portal.url}${screen}`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), screen).toBeLessThanOrEqual(360);
          await expectAxeClean(page, javaScriptEnabled);
        }
      });

    test("system logs filter by action and e-mail, 50 a page", async ({ page }) => {
      await signIn(page, portal.url);
      await page.goto(`${portal.url}/admin/logs`);
      const total = count(portal, "select count(*) as n from activity_logs");
      await expect(page.getByText(`${total} entries`)).toBeVisible();
      await expect(page.locator("tbody tr")).toHaveCount(Math.min(50, total));
      await page.getByLabel("Action").selectOption("SETTINGS_UPDATED");
      await page.getByLabel("User e-mail contains").fill(DEMO_ADMIN.email.toUpperCase());
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(/action=SETTINGS_UPDATED/);
      const n = count(portal, "select count(*) as n from activity_logs where action = 'SETTINGS_UPDATED'");
      expect(n).toBeGreaterThan(0);
      await expect(page.getByText(`${n} ${n === 1 ? "entry" : "entries"}`)).toBeVisible();
      await expect(page.locator("tbody tr")).toHaveCount(n);
      for (const cell of await page.locator("tbody tr td:nth-child(2)").allTextContents()) expect(cell).toBe("SETTINGS_UPDATED");
      await expectAxeClean(page, javaScriptEnabled);
    });
  });
}
