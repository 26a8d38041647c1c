import fs from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { unpackZip } from "../support/zip-reader";
import { axeBuilder } from "./support/axe";
import { DEMO_ADMIN, startDemoPortal } from "./support/demo-portal";
import { signedInAdmin, uploadPdf } from "./support/live";
import type { RunningPortal } from "./support/portal";
import { test } from "./support/test";

/**
 * Issue 3 item 11: /shared/folder/{token} on the demo content. "Safety
 * Audits" is shared and holds two published documents and one draft; "Site
 * Verifications" is shared too, and made private here before the start.
 */
let portal: RunningPortal & { dispose(): Promise<void> };
let safetyToken: string;
let privateToken: string;

const PUBLISHED = ["Safety Audit Checklist", "Safety Audit Training Module"];
const DRAFT = "Safety Audit Findings - Kahda District Sites";

function db(): Database.Database {
  return new Database(path.join(portal.dataDir, "portal.db"), { readonly: true });
}

function viewCount(name: string): number {
  const conn = db();
  try {
    return (conn.prepare("select view_count from folders where name = ?").get(name) as { view_count: number }).view_count;
  } finally {
    conn.close();
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  portal = await startDemoPortal((dataDir) => {
    const conn = new Database(path.join(dataDir, "portal.db"));
    conn.prepare("update folders set is_public = 0 where name = 'Site Verifications'").run();
    const tokens = conn.prepare("select name, share_token from folders where share_token is not null").all() as Array<{
      name: string;
      share_token: string;
    }>;
    conn.close();
    safetyToken = tokens.find((t) => t.name === "Safety Audits")!.share_token;
    privateToken = tokens.find((t) => t.name === "Site Verifications")!.share_token;
  });
});
test.afterAll(async () => portal?.dispose());

const folderUrl = (token: string) => `${portal.url}/shared/folder/${token}`;

async function expectFolderPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Safety Audits" })).toBeVisible();
  await expect(page.getByText("Safety audit tools, training and findings")).toBeVisible();
  await expect(page.getByText("2 documents", { exact: true })).toBeVisible();
  const list = page.getByRole("list", { name: "Documents in Safety Audits" });
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(PUBLISHED);
  expect(await page.content()).not.toContain(DRAFT);
}

async function expectPdfDownload(page: Page) {
  const href = await page.getByRole("link", { name: `Download ${PUBLISHED[0]}` }).getAttribute("href");
  const response = await page.request.get(`${portal.url}${href}`);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
}

test("shows the folder's published documents, copies its link and counts one view per visit", async ({ page, context }) => {
  const before = viewCount("Safety Audits");
  await page.goto(folderUrl(safetyToken));
  await expectFolderPage(page);
  await expectPdfDownload(page);
  expect(viewCount("Safety Audits")).toBe(before + 1);

  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: portal.url });
  await page.getByRole("button", { name: "Copy link" }).click();
  // The page does not hydrate (decision 0038): its toasts are the enhancements' (app/enhance/toast.ts).
  const toast = page.locator("[data-toast]").filter({ hasText: "Link Copied" });
  await expect(toast).toContainText("Folder link copied to clipboard");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(folderUrl(safetyToken));

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Safety Audits" })).toBeVisible();
  expect(viewCount("Safety Audits")).toBe(before + 2);
});

test("fits a 360 px screen and has no axe violations", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(folderUrl(safetyToken));
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const axe = await axeBuilder(page).include("main").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await context.close();
});

test("a live update on the folder page is not counted as a view", async ({ page, browser }) => {
  await page.goto(folderUrl(safetyToken));
  await expect(page.getByRole("heading", { level: 1, name: "Safety Audits" })).toBeVisible();
  const after = viewCount("Safety Audits");
  const admin = await signedInAdmin(browser, portal.url, DEMO_ADMIN);
  try {
    const title = `Folder page live check ${Date.now().toString(36)}`;
    await uploadPdf(admin.page, portal.url, title, { published: true });
    await expect(page.getByRole("region", { name: "Recent Updates" })).toContainText(`"${title}" has been published`);
    // The page's loaders are revalidated shortly after an event (debounced); give that time to happen.
    await page.waitForTimeout(1_500);
    expect(viewCount("Safety Audits")).toBe(after);
  } finally {
    await admin.context.close();
  }
});

test("HEAD does not count a view", async ({ request }) => {
  const before = viewCount("Safety Audits");
  const response = await request.head(folderUrl(safetyToken));
  expect(response.status()).toBe(200);
  expect(viewCount("Safety Audits")).toBe(before);
});

test("unknown, private and malformed tokens give the 404 page", async ({ page }) => {
  for (const token of ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", privateToken, "nope"]) {
    const response = await page.goto(folderUrl(token));
    expect(response!.status(), token).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    expect(await page.content()).not.toContain("Site verification methodology");
  }
  expect(viewCount("Site Verifications")).toBe(0);
});

/** The published documents' download names and their files' sha256, from the database. */
function publishedFiles(): Map<string, string> {
  const conn = db();
  try {
    const rows = conn
      .prepare(
        "select d.title, d.sha256 from documents d join folders f on f.id = d.folder_id where f.name = 'Safety Audits' and d.published = 1 and d.file_path is not null",
      )
      .all() as Array<{ title: string; sha256: string }>;
    return new Map(rows.map((r) => [`${r.title.replace(/[^\p{L}\p{N}._-]/gu, "_")}.pdf`, r.sha256]));
  } finally {
    conn.close();
  }
}

/** Clicks "Download all" and checks the saved ZIP holds exactly the published files. */
async function expectZipDownload(page: Page) {
  const link = page.getByRole("link", { name: /^Download all \(2 files, .+\)$/ });
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("Safety_Audits.zip");
  const entries = await unpackZip(await fs.readFile((await download.path())!));
  expect(entries).toEqual(publishedFiles());
  expect([...entries.keys()]).toEqual(PUBLISHED.map((title) => `${title.replaceAll(" ", "_")}.pdf`));
}

test("Download all saves a ZIP of exactly the published files", async ({ page }) => {
  await page.goto(folderUrl(safetyToken));
  await expectZipDownload(page);
  // The page is still there: a download does not navigate.
  await expect(page.getByRole("heading", { level: 1, name: "Safety Audits" })).toBeVisible();
  // A private folder's ZIP is what its page is: not found.
  const hidden = await page.request.get(`${folderUrl(privateToken)}/zip`);
  expect(hidden.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Download all is a plain link to the ZIP", async ({ page }) => {
    await page.goto(folderUrl(safetyToken));
    await expectZipDownload(page);
  });

  test("lists the documents, downloads work and the share links are plain links", async ({ page }) => {
    await page.goto(folderUrl(safetyToken));
    await expectFolderPage(page);
    await expectPdfDownload(page);
    await expect(page.getByRole("button", { name: "Copy link" })).toHaveCount(0);
    await expect(page.getByLabel("Folder link")).toHaveValue(folderUrl(safetyToken));
    const mail = await page.getByRole("link", { name: "Email" }).getAttribute("href");
    expect(mail).toMatch(/^mailto:\?subject=CCCM%20Folder%3A%20Safety%20Audits&body=/);
    expect(decodeURIComponent(mail!)).toContain(folderUrl(safetyToken));
    const whatsapp = await page.getByRole("link", { name: "WhatsApp" }).getAttribute("href");
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(whatsapp!)).toContain(folderUrl(safetyToken));
  });
});
