import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { releaseEngine } from "./support/engine";
import { createAdmin, type RunningPortal, startPortal, tempDataDir } from "./support/portal";
import { portalSql, removeStoredObject } from "./support/portal-data";
import { test } from "./support/test";

/**
 * Issue 9 items 14-17: what the portal tells people when something is off. A stored file gone
 * from storage (download route, download button, admin table, `portal check`), sizes under 1 KB,
 * a deactivated account signing in, and the URL decoder's list of removed parameters.
 */
const ADMIN = { email: "messages-admin@example.org", password: "messages-admin-password" };
const RETIRED = { email: "retired@example.org", password: "retired-password" };
const root = path.resolve(import.meta.dirname, "..", "..");

async function signIn(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Uploads a small published text document through the JSON upload answer; returns its id and storage key. */
async function uploadText(page: Page, base: string, title: string, bytes: number) {
  const answer = await page.request.post(`${base}/admin/documents`, {
    headers: { Origin: base, Accept: "application/json" },
    multipart: {
      title,
      category: "Report",
      published: "true",
      file: { name: `${title.toLowerCase().replace(/\W+/g, "-")}.txt`, mimeType: "text/plain", buffer: Buffer.alloc(bytes, "a") },
    },
  });
  expect(answer.status()).toBe(200);
  const [doc] = await portalSql<{ id: string; file_path: string }>(portal!, "select id, file_path from documents where title = ?", [title]);
  return doc!;
}

/** `portal check` with the portal's database and storage settings, as an operator would run it. */
function portalCheck(p: RunningPortal) {
  return spawnSync(process.execPath, [path.join(root, "bin", "portal.mjs"), "check"], {
    cwd: root,
    env: { ...process.env, DATA_DIR: p.dataDir, LOG_LEVEL: "warn", ...p.settings },
    encoding: "utf8",
    timeout: 120_000,
  });
}

const adminRow = (page: Page, title: string) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: title, exact: true }) });

let portal: RunningPortal | undefined;
test.beforeAll(async () => {
  const dataDir = await tempDataDir();
  createAdmin(dataDir, ADMIN.email, ADMIN.password);
  createAdmin(dataDir, RETIRED.email, RETIRED.password);
  portal = await startPortal(dataDir);
});
test.afterAll(async () => {
  if (!portal) return;
  await portal.stop();
  await fs.rm(portal.dataDir, { recursive: true, force: true });
  await releaseEngine(portal.dataDir);
});

test("a stored file gone from storage: the route, the button, the admin table and portal check say so", async ({ page, browser }) => {
  const base = portal!.url;
  await signIn(page, base, ADMIN);
  await expect(page).toHaveURL(`${base}/admin`);
  const missing = await uploadText(page, base, "Baidoa Missing Minutes", 2048);
  const unnoticed = await uploadText(page, base, "Kismayo Unnoticed Notes", 2048);
  const present = await uploadText(page, base, "Dolow Present Plan", 2048);
  await removeStoredObject(portal!, missing.file_path);
  await removeStoredObject(portal!, unnoticed.file_path);

  // The route answers with the spec's text, never a broken stream; HEAD (the button's check) agrees.
  const get = await fetch(`${base}/api/documents/${missing.id}/download`);
  expect(get.status).toBe(404);
  expect(get.headers.get("content-type")).toMatch(/^text\/plain/);
  expect(await get.text()).toBe("Document file not found");
  const head = await fetch(`${base}/api/documents/${unnoticed.id}/download`, { method: "HEAD" });
  expect(head.status).toBe(404);
  expect((await fetch(`${base}/api/documents/${present.id}/download`, { method: "HEAD" })).status).toBe(200);

  // A visitor's download button tells them, instead of "Download started".
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${base}/reports`);
  await expect(publicPage.getByRole("button", { name: /^Share/ }).first()).toBeVisible();
  let downloads = 0;
  publicPage.on("download", () => (downloads += 1));
  await publicPage.getByRole("link", { name: "Download Baidoa Missing Minutes" }).click();
  await expect(publicPage.getByText("Download failed", { exact: true })).toBeVisible();
  await expect(publicPage.getByText("Document file not found", { exact: true })).toBeVisible();
  await expect(publicPage.getByText("Download started", { exact: true })).toHaveCount(0);
  expect(downloads).toBe(0);
  await visitor.close();

  // Staff see what a download found, from a flag (no storage round trip per row)...
  await page.goto(`${base}/admin/documents`);
  await expect(adminRow(page, "Baidoa Missing Minutes")).toContainText("File missing");
  await expect(adminRow(page, "Dolow Present Plan")).not.toContainText("File missing");

  // ...and `portal check` checks every file, lists the missing ones and fails.
  const check = portalCheck(portal!);
  expect(check.status, check.stderr).toBe(1);
  expect(check.stdout).toMatch(/files\s+error: \d+ problems? \(3 documents[;,]/);
  expect(check.stdout).toContain(`missing    document "Baidoa Missing Minutes" (${missing.id})`);
  expect(check.stdout).toContain(`missing    document "Kismayo Unnoticed Notes" (${unnoticed.id})`);
  expect(check.stdout).not.toContain("Dolow Present Plan");
  expect(check.stdout).toContain("Some checks failed.");
  await page.reload();
  await expect(adminRow(page, "Kismayo Unnoticed Notes")).toContainText("File missing");
  await expect(adminRow(page, "Dolow Present Plan")).not.toContainText("File missing");
});

test("sizes under 1 KB read '< 1 KB', not '0 KB'", async ({ page }) => {
  const base = portal!.url;
  await signIn(page, base, ADMIN);
  await expect(page).toHaveURL(`${base}/admin`);
  const tiny = await uploadText(page, base, "Luuq Tiny Note", 300);
  await page.goto(`${base}/reports`);
  const card = page.getByRole("article").filter({ hasText: "Luuq Tiny Note" });
  await expect(card).toContainText("< 1 KB");
  await expect(card).not.toContainText("0 KB");
  await page.goto(`${base}/document/${tiny.id}`);
  await expect(page.getByRole("link", { name: /^Download Document \(TXT, < 1 KB\)/ })).toBeVisible();
  await expect(page.getByText("0.00 MB")).toHaveCount(0);
});

test("a deactivated account is told so after the right password, and loses no attempts", async ({ page, browser }) => {
  const base = portal!.url;
  await portalSql(portal!, "update users set is_active = 0 where email = ?", [RETIRED.email]);
  const context = await browser.newContext();
  const retired = await context.newPage();
  const [response] = await Promise.all([
    retired.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/login")),
    signIn(retired, base, RETIRED),
  ]);
  expect(response.status()).toBe(403);
  await expect(retired.getByRole("alert").first()).toContainText("Account Deactivated");
  await expect(retired.getByRole("alert").first()).toContainText("This account has been deactivated. Contact an administrator.");
  // A wrong password reveals nothing, and the right one above did not count as a failure.
  await signIn(retired, base, { email: RETIRED.email, password: "not-the-password" });
  await expect(retired.getByRole("alert").first()).toContainText("Invalid credentials. 4 attempts remaining.");
  await context.close();

  await signIn(page, base, ADMIN);
  await expect(page).toHaveURL(`${base}/admin`);
  await page.goto(`${base}/admin/security?action=LOGIN_ACCOUNT_DEACTIVATED`);
  await expect(page.getByRole("region", { name: "Security events table" })).toContainText(RETIRED.email);
});

for (const javaScriptEnabled of [true, false]) {
  test(`the URL decoder lists only the parameters it removed (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await page.goto(`${portal!.url}/tools/url-decoder`);
    const decode = async (url: string) => {
      await page.getByLabel("URL to decode").fill(url);
      await page.getByRole("button", { name: "Decode URL" }).click();
      await expect(page.getByTestId("url-result")).toBeVisible();
    };
    await decode("https://example.org/camps?id=12");
    await expect(page.getByText("No tracking parameters found.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Parameters removed" })).toHaveCount(0);
    await expect(page.getByText("utm_source")).toHaveCount(0);

    await decode("https://example.org/camps?utm_source=mail&id=12&fbclid=abc");
    const removed = page.getByRole("region", { name: "Parameters removed" });
    await expect(removed).toBeVisible();
    await expect(removed).toContainText("utm_source, fbclid");
    await expect(removed).not.toContainText("gclid");
    await context.close();
  });
}

test("security events and system logs page through the address without JavaScript, keeping their filters", async ({ browser }) => {
  const base = portal!.url;
  const now = Date.now();
  for (let i = 0; i < 60; i++) {
    await portalSql(
      portal!,
      "insert into activity_logs (id, action, entity_type, details, ip_address, created_at) values (?, 'LOGIN_FAILED', 'SECURITY', ?, '192.0.2.9', ?)",
      [`paging-${i}`, JSON.stringify({ email: `pager${i}@example.org`, reason: "wrong_password" }), new Date(now - i * 1000).toISOString()],
    );
  }
  const counted = await portalSql<{ n: number | string }>(portal!, "select count(*) as n from activity_logs where action = 'LOGIN_FAILED'");
  const total = Number(counted[0]!.n);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await signIn(page, base, ADMIN);
  await expect(page).toHaveURL(`${base}/admin`);

  for (const screen of [
    { path: "/admin/security", query: "action=LOGIN_FAILED&period=7d", pager: "Security events pages", table: "Security events table" },
    { path: "/admin/logs", query: "action=LOGIN_FAILED&entity=SECURITY&period=7d", pager: "Log pages", table: "Log entries" },
  ]) {
    await page.goto(`${base}${screen.path}?${screen.query}`);
    const pager = page.getByRole("navigation", { name: screen.pager });
    await expect(pager).toContainText("Page 1 of 2");
    await expect(page.getByRole("region", { name: screen.table }).locator("tbody tr")).toHaveCount(50);
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(`${base}${screen.path}?${screen.query}&page=2`);
    await expect(pager).toContainText("Page 2 of 2");
    await expect(page.getByRole("region", { name: screen.table }).locator("tbody tr")).toHaveCount(total - 50);
    await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Previous" }).click();
    // Page 1 is the plain address with the filters (no `page=1`), as on every paged list.
    await expect(page).toHaveURL(`${base}${screen.path}?${screen.query}`);
    // The form shows the filters the address holds, so applying it again keeps them.
    await expect(page.getByRole("combobox", { name: /^(Event|Action)$/ })).toHaveValue("LOGIN_FAILED");
    await expect(page.getByRole("combobox", { name: "Period" })).toHaveValue("7d");
  }
  await context.close();
});
