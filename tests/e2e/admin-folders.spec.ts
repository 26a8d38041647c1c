import fs from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import {
  axeViolations,
  bulkSeen,
  MAILCHIMP,
  mixedFiles,
  pdf,
  quickSetupRequests,
  quickSetupSeen,
  SAFELINK,
  signIn,
  startEmptyPortal,
  stopEmptyPortal,
  storedFiles,
  TARGET,
  TRACKED,
  toast,
  watchBulkProgress,
  watchQuickSetup,
} from "./support/admin-folders";
import type { RunningPortal } from "./support/portal";
import { portalSql } from "./support/portal-data";
import { test } from "./support/test";

/**
 * Issue 4 items 7-9: folders (quick setup, create, search, delete, upload to folder, bulk
 * upload), folder view and sharing, shareable links and the URL decoder, with and without
 * JavaScript, each mode on its own empty portal.
 */
const GUIDANCE_COUNT = 11;
const card = (page: Page, name: string) => page.locator("article").filter({ has: page.getByRole("heading", { name, exact: true }) });
const counter = (page: Page, label: string) => page.locator("dl > div").filter({ hasText: label }).locator("dd");
const year = new Date().getUTCFullYear();

test.describe("folders and sharing with JavaScript", () => {
  test.describe.configure({ mode: "serial" });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startEmptyPortal();
  });
  test.afterAll(async () => stopEmptyPortal(portal));

  test("quick setup creates the eleven folders one by one with their statuses, then finds them all existing", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await expect(counter(page, "Total Folders")).toHaveText("0");
    await page.getByRole("button", { name: "Quick Setup" }).click();
    const dialog = page.getByRole("dialog", { name: "Quick Setup" });
    await expect(dialog.locator("li[data-status=pending]")).toHaveCount(GUIDANCE_COUNT);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await watchQuickSetup(page);
    await dialog.getByRole("button", { name: "Create guidance folders" }).click();
    await expect(dialog.getByTestId("quick-setup-summary")).toHaveText("11 succeeded, 0 failed", { timeout: 20_000 });
    await expect(toast(page, "Guidance folders ready")).toBeVisible();
    await expect(dialog.locator("li[data-status=success]")).toHaveCount(GUIDANCE_COUNT);

    const seen = await quickSetupSeen(page);
    const names = Object.keys(seen);
    expect(names).toHaveLength(GUIDANCE_COUNT);
    for (const name of names) expect(seen[name]!.map((s) => s.status)).toEqual(["pending", "creating", "success"]);
    // One after the other, 300 ms apart: each starts after the previous one succeeded, plus the pause.
    // On screen, in that order; the pause is measured on the requests, whose times are the browser's
    // (a status is on screen only once React has rendered it, which a loaded machine delays).
    for (let i = 1; i < names.length; i++) {
      const previousDone = seen[names[i - 1]!]!.find((s) => s.status === "success")!.at;
      const started = seen[names[i]!]!.find((s) => s.status === "creating")!.at;
      expect(started).toBeGreaterThanOrEqual(previousDone);
    }
    const requests = await quickSetupRequests(page);
    expect(requests).toHaveLength(GUIDANCE_COUNT);
    for (let i = 1; i < requests.length; i++) expect(requests[i]!.sent - requests[i - 1]!.answered).toBeGreaterThanOrEqual(280);
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(counter(page, "Total Folders")).toHaveText("11");
    await expect(card(page, "Safety Audits")).toContainText("Public");

    await page.getByRole("button", { name: "Quick Setup" }).click();
    await dialog.getByRole("button", { name: "Create guidance folders" }).click();
    await expect(dialog.getByTestId("quick-setup-summary")).toHaveText("11 succeeded, 0 failed", { timeout: 20_000 });
    await expect(dialog.getByText("(already existed)")).toHaveCount(GUIDANCE_COUNT);
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(counter(page, "Total Folders")).toHaveText("11");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("create (an empty name does nothing), search and delete a folder", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByRole("button", { name: "Create Folder" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Folder" });
    let posts = 0;
    page.on("request", (r) => void (r.method() === "POST" && r.url().includes("/admin/folders/new") && posts++));
    await dialog.getByRole("button", { name: "Create Folder" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    expect(posts).toBe(0);
    await dialog.getByLabel("Name").fill("Camp Profiles");
    await dialog.getByLabel(/^Description/).fill("One profile per IDP site");
    await dialog.getByLabel(/^Public folder/).uncheck();
    await dialog.getByRole("button", { name: "Create Folder" }).click();
    await expect(toast(page, "Folder created")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card(page, "Camp Profiles")).toContainText("Private");
    await expect(counter(page, "Total Folders")).toHaveText("12");

    await page.getByRole("searchbox", { name: "Search folders" }).fill("PROFILE PER");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\?q=PROFILE\+PER$/);
    await expect(page.locator("article")).toHaveCount(1);
    await expect(card(page, "Camp Profiles")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search folders" }).fill("nothing like this");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No folders match your search.")).toBeVisible();
    await expect(counter(page, "Total Folders")).toHaveText("12");

    await page.goto(`${base}/admin/folders`);
    await card(page, "Camp Profiles").getByRole("button", { name: "Delete Camp Profiles" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete folder?" });
    await expect(confirm).toContainText("Camp Profiles");
    await expect(confirm).toContainText("it holds no documents");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Folder deleted")).toBeVisible();
    await expect(card(page, "Camp Profiles")).toHaveCount(0);
    await expect(counter(page, "Total Folders")).toHaveText("11");
  });

  test("upload to folder files one document into the chosen folder", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByRole("button", { name: "Upload to Folder" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload to Folder" });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Please fill in all required fields and select a file");
    await dialog.getByLabel("Folder").selectOption({ label: "Safety Audits" });
    await dialog
      .getByLabel(/^File/)
      .setInputFiles({ name: "Safety Audit Checklist.pdf", mimeType: "application/pdf", buffer: await pdf("Checklist") });
    await expect(dialog.getByLabel("Title")).toHaveValue("Safety Audit Checklist");
    await dialog.getByLabel("Category").selectOption("TEMPLATE");
    await dialog.getByLabel("Document language").selectOption({ label: "Somali" });
    await dialog.getByRole("button", { name: "Upload" }).click();
    await expect(toast(page, "Upload successful")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card(page, "Safety Audits")).toContainText("1 file");
    await expect(counter(page, "Total Documents")).toHaveText("1");
    // The documents table says the language of a document not in English, under its category.
    await page.goto(`${base}/admin/documents`);
    const row = page.getByRole("row").filter({ hasText: "Safety Audit Checklist" });
    await expect(row.getByRole("cell").nth(2)).toHaveText("TemplateSomali");
  });

  test("bulk upload: No files selected, Missing titles, then per-file progress and messages for a mix", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByRole("button", { name: "Bulk Upload" }).click();
    const dialog = page.getByRole("dialog", { name: "Bulk Upload" });
    await dialog.getByRole("button", { name: "Upload files" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("No files selected");
    await expect(toast(page, "No files selected")).toBeVisible();

    const { valid, invalid, dir } = await mixedFiles();
    await dialog.getByLabel("Folder").selectOption({ label: "Data Collection" });
    await dialog.getByLabel("Document language").selectOption({ label: "Somali" });
    await dialog.getByLabel(/^Files/).setInputFiles([...valid, ...invalid].map((f) => f.path));
    const entry = (name: string) => dialog.locator(`li[data-file="${name}"]`);
    await expect(dialog.getByLabel("Title for Baidoa Safety Audit.pdf")).toHaveValue("Baidoa Safety Audit");
    // The browser refuses what it can before sending anything.
    await expect(entry("photo.jpg")).toContainText(invalid[0]!.message);
    await expect(entry("huge.pdf")).toContainText(invalid[2]!.message);
    await dialog.getByLabel("Title for site-list.csv").fill("  ");
    await dialog.getByRole("button", { name: "Upload files" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Missing titles");
    await dialog.getByLabel("Title for site-list.csv").fill("IDP Site List");

    await watchBulkProgress(page);
    await dialog.getByRole("button", { name: "Upload files" }).click();
    await expect(dialog.getByTestId("bulk-summary")).toHaveText("3 files uploaded, 3 not uploaded", { timeout: 30_000 });
    for (const file of valid) await expect(entry(file.name)).toContainText("Uploaded");
    await expect(entry("renamed.pdf")).toContainText(invalid[1]!.message);
    const seen = await bulkSeen(page);
    expect(Object.keys(seen).sort()).toEqual([...valid.map((f) => f.name), "renamed.pdf"].sort());
    for (const file of valid) expect(seen[file.name]!.at(-1)).toBe(100);
    await expect(toast(page, "Some files were not uploaded")).toBeVisible();

    const bulkKeys = (await storedFiles(portal!)).filter((f) => f.startsWith(`org/default/year=${year}/`));
    expect(bulkKeys).toHaveLength(3);
    expect(await storedFiles(portal!)).toHaveLength(4);
    // Every file got the upload's language.
    const languages = await portalSql<{ language: string }>(portal!, "select language from documents where file_path like ?", [
      `org/default/year=${year}/%`,
    ]);
    expect(languages.map((r) => r.language)).toEqual(["so", "so", "so"]);
    await page.keyboard.press("Escape");
    await expect(card(page, "Data Collection")).toContainText("3 files");
    await fs.rm(dir, { recursive: true, force: true });
  });

  test("folder view: Back, documents with download, copy link and the share dialogs; the folder link opens publicly", async ({
    page,
    context,
    browser,
  }) => {
    const base = portal!.url;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await signIn(page, base);
    await card(page, "Data Collection").getByRole("link", { name: "Data Collection", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Data Collection" })).toBeVisible();
    await expect(page.locator("article")).toHaveCount(3);
    const audit = card(page, "Baidoa Safety Audit");
    await expect(audit.getByRole("link", { name: "Download Baidoa Safety Audit" })).toHaveAttribute(
      "href",
      /\/api\/documents\/.+\/download$/,
    );
    await audit.getByRole("button", { name: "Copy link of Baidoa Safety Audit" }).click();
    await expect(toast(page, "Link Copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^${base}/document/[0-9a-f-]{36}$`));

    await audit.getByRole("button", { name: "Share: Baidoa Safety Audit" }).click();
    const share = page.getByRole("dialog", { name: "Share Document" });
    await expect(share.getByLabel("Direct link", { exact: true })).toHaveValue(/\/document\/[0-9a-f-]{36}$/);
    await expect(share.getByLabel("Public link", { exact: true })).toHaveValue(/\/public-document\/[0-9a-f-]{36}$/);
    await share.getByRole("button", { name: "Create share-token link" }).click();
    const tokenUrl = await share.getByLabel("Share-token link", { exact: true }).inputValue();
    expect(tokenUrl).toMatch(new RegExp(`^${base}/shared/document/[A-Za-z0-9_-]{43}$`));
    await share.getByRole("radio", { name: /Share-token link/ }).check();
    await expect(share.getByRole("link", { name: "Email" })).toHaveAttribute(
      "href",
      new RegExp(`^mailto:\\?subject=%5BCCCM%20Somalia%5D%20Document%3A%20Baidoa%20Safety%20Audit.*${encodeURIComponent(tokenUrl)}`),
    );
    await expect(share.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/\?text=%5BCCCM%20Somalia%5D%20Document%3A/,
    );
    for (const name of ["Twitter", "Facebook", "LinkedIn"])
      await expect(share.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
    await share.getByLabel("URL decoder").fill(SAFELINK);
    await share.getByRole("button", { name: "Clean URL" }).click();
    await expect(share.getByLabel("Cleaned URL", { exact: true })).toHaveValue(TARGET);
    await expect(share.getByRole("region", { name: "Tips" })).toContainText("revoke them from Shareable Links");
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press("Escape");
    expect((await fetch(tokenUrl)).status).toBe(200);

    await page.getByRole("button", { name: "Share Folder: Data Collection" }).click();
    const folderShare = page.getByRole("dialog", { name: "Share Folder" });
    const folderUrl = await expectValue(
      folderShare.getByLabel("Folder link", { exact: true }),
      new RegExp(`^${base}/shared/folder/[A-Za-z0-9_-]{43}$`),
    );
    const visitor = await browser.newPage();
    await visitor.goto(folderUrl);
    await expect(visitor.getByRole("heading", { level: 1, name: "Data Collection" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(`${base}/admin/folders`);
    await expect(counter(page, "Total Views")).toHaveText("1");
    await visitor.close();
  });

  test("shareable links: revoke (the old link is a 404 at once), create, regenerate (old 404, new works), copy", async ({
    page,
    context,
    browser,
  }) => {
    const base = portal!.url;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    await signIn(page, base, "/admin/shareable-links");
    const visitor = await browser.newPage();
    const folderRow = page.getByRole("row").filter({ hasText: "Data Collection" });
    const folderUrl = await folderRow.getByLabel("Share link of Data Collection").inputValue();
    expect((await visitor.goto(folderUrl))?.status()).toBe(200);
    await folderRow.getByRole("button", { name: "Revoke link of Data Collection" }).click();
    await expect(toast(page, "Link revoked")).toBeVisible();
    expect((await visitor.goto(folderUrl))?.status()).toBe(404);
    await page
      .getByRole("region", { name: /Folders/ })
      .getByLabel("Folder without a link")
      .selectOption({ label: "Data Collection" });
    await page
      .getByRole("region", { name: /Folders/ })
      .getByRole("button", { name: "Create link" })
      .click();
    await expect(toast(page, "Link created")).toBeVisible();
    const recreated = await folderRow.getByLabel("Share link of Data Collection").inputValue();
    await folderRow.getByRole("button", { name: "Regenerate link of Data Collection" }).click();
    await expect(toast(page, "Link regenerated")).toBeVisible();
    await expect(folderRow.getByLabel("Share link of Data Collection")).not.toHaveValue(recreated);
    const regenerated = await folderRow.getByLabel("Share link of Data Collection").inputValue();
    expect((await visitor.goto(recreated))?.status()).toBe(404);
    expect((await visitor.goto(regenerated))?.status()).toBe(200);

    const docRow = page.getByRole("row").filter({ hasText: "Baidoa Safety Audit" });
    const docLink = docRow.getByLabel("Share link of Baidoa Safety Audit");
    const tokenUrl = await docLink.inputValue();
    expect((await fetch(tokenUrl)).status).toBe(200);
    await docRow.getByRole("button", { name: "Copy link of Baidoa Safety Audit" }).click();
    await expect(toast(page, "Link Copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(tokenUrl);
    await docRow.getByRole("button", { name: "Regenerate link of Baidoa Safety Audit" }).click();
    await expect(docLink).not.toHaveValue(tokenUrl);
    expect((await fetch(tokenUrl)).status).toBe(404);
    expect((await fetch(await docLink.inputValue())).status).toBe(200);
    expect(await axeViolations(page)).toEqual([]);
    await visitor.close();
  });

  test("URL decoder decodes in the browser: safelinks, MailChimp, tracking parameters, empty input", async ({ page }) => {
    const base = portal!.url;
    // Server-rendered first; the copy buttons appear once JavaScript runs, and from then on nothing is sent.
    await page.goto(`${base}/tools/url-decoder?url=${encodeURIComponent(TRACKED)}`);
    await expect(page.getByRole("button", { name: "Copy cleaned url" })).toBeVisible();
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page.getByLabel("URL to decode")).toHaveValue("");
    let navigations = 0;
    page.on("framenavigated", () => navigations++);
    const field = page.getByLabel("URL to decode");
    await page.getByRole("button", { name: "Decode URL" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a URL to decode");
    await field.fill(SAFELINK);
    await page.getByRole("button", { name: "Decode URL" }).click();
    await expect(page.getByLabel("Cleaned URL", { exact: true })).toHaveValue(TARGET);
    await expect(page.getByLabel("Original URL", { exact: true })).toHaveValue(SAFELINK);
    await expect(page.getByLabel("Decoded URL", { exact: true })).toHaveValue(
      /url=https:\/\/reliefweb\.example\.org\/report\/somalia\/cccm-update\?id=9&utm_source=newsletter/,
    );
    await expect(page.getByText("Outlook safelinks wrapper removed")).toBeVisible();
    await expect(page.getByText("Tracking parameters removed: utm_source, utm_medium.")).toBeVisible();
    await field.fill(MAILCHIMP);
    await page.getByRole("button", { name: "Decode URL" }).click();
    await expect(page.getByText("This is a MailChimp click-tracking link")).toBeVisible();
    await expect(page.getByLabel("Cleaned URL", { exact: true })).toHaveValue(MAILCHIMP);
    await field.fill(TRACKED);
    await page.getByRole("button", { name: "Decode URL" }).click();
    await expect(page.getByLabel("Cleaned URL", { exact: true })).toHaveValue("https://cccm.example.org/reports?id=3&lang=en");
    await expect(page.getByRole("link", { name: /Open the cleaned URL/ })).toHaveAttribute(
      "href",
      "https://cccm.example.org/reports?id=3&lang=en",
    );
    await field.fill(`javascript:alert(1)`);
    await page.getByRole("button", { name: "Decode URL" }).click();
    await expect(page.getByLabel("Cleaned URL", { exact: true })).toHaveValue("javascript:alert(1)");
    await expect(page.getByRole("link", { name: /Open the cleaned URL/ })).toHaveCount(0);
    await field.fill("not a url at all");
    await page.getByRole("button", { name: "Decode URL" }).click();
    await expect(page.getByRole("alert")).toContainText("Error");
    await expect(page.getByRole("alert")).toContainText("Failed to decode URL");
    expect(navigations).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the folder screens and the URL decoder fit a 360 px screen and have no axe violations", async ({ browser }) => {
    const base = portal!.url;
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await signIn(page, base);
    const folderHref = await card(page, "Data Collection").getByRole("link", { name: "Data Collection", exact: true }).getAttribute("href");
    for (const url of ["/admin/folders", folderHref!, "/admin/shareable-links", `/tools/url-decoder?url=${encodeURIComponent(SAFELINK)}`]) {
      await page.goto(`${base}${url}`);
      expect(await axeViolations(page), url).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${url} is wider than the screen`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});

test.describe("folders and sharing without JavaScript", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ javaScriptEnabled: false });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startEmptyPortal();
  });
  test.afterAll(async () => stopEmptyPortal(portal));

  test("quick setup as a form: the same per-folder results and closing count, then all existing", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByRole("link", { name: "Quick Setup" }).click();
    await expect(page).toHaveURL(`${base}/admin/folders/quick-setup`);
    await expect(page.locator("li[data-status=pending]")).toHaveCount(GUIDANCE_COUNT);
    await page.getByRole("button", { name: "Create guidance folders" }).click();
    await expect(page.locator("li[data-status=success]")).toHaveCount(GUIDANCE_COUNT);
    await expect(page.getByTestId("quick-setup-summary")).toHaveText("11 succeeded, 0 failed");
    await expect(page.getByRole("status").filter({ hasText: "Guidance folders ready" })).toBeVisible();
    await expect(page.getByText("(already existed)")).toHaveCount(0);
    await page.getByRole("button", { name: "Create guidance folders" }).click();
    await expect(page.getByText("(already existed)")).toHaveCount(GUIDANCE_COUNT);
    await expect(page.getByTestId("quick-setup-summary")).toHaveText("11 succeeded, 0 failed");
    await page.getByRole("link", { name: "Back to folders" }).click();
    await expect(counter(page, "Total Folders")).toHaveText("11");
  });

  test("create (an empty name does nothing), search and delete with a confirmation page", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByRole("link", { name: "Create Folder" }).click();
    await page.getByRole("button", { name: "Create Folder" }).click();
    await expect(page).toHaveURL(`${base}/admin/folders/new`);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByLabel("Name").fill("Camp Profiles");
    await page.getByRole("button", { name: "Create Folder" }).click();
    await expect(page).toHaveURL(`${base}/admin/folders`);
    await expect(page.getByRole("status").filter({ hasText: "Folder created" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search folders" }).fill("camp");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator("article")).toHaveCount(1);
    await card(page, "Camp Profiles").getByRole("link", { name: "Delete Camp Profiles" }).click();
    await expect(page.getByRole("heading", { name: "Delete folder?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(`${base}/admin/folders`);
    await expect(page.getByRole("status").filter({ hasText: "Folder deleted" })).toBeVisible();
    await expect(counter(page, "Total Folders")).toHaveText("11");
  });

  test("upload to folder and bulk upload as plain forms, with each file's result", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByRole("link", { name: "Upload to Folder" }).click();
    await page.getByLabel("Folder").selectOption({ label: "Safety Audits" });
    await page.getByLabel(/^File/).setInputFiles({ name: "checklist.pdf", mimeType: "application/pdf", buffer: await pdf("Checklist") });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("alert")).toContainText("Please fill in all required fields and select a file");
    await page.getByLabel(/^File/).setInputFiles({ name: "checklist.pdf", mimeType: "application/pdf", buffer: await pdf("Checklist") });
    await page.getByLabel("Title").fill("Safety Audit Checklist");
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Safety Audits" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Upload successful" })).toBeVisible();

    await page.goto(`${base}/admin/folders`);
    await page.getByRole("link", { name: "Bulk Upload" }).click();
    await expect(page.getByText("titled with its file name without the extension")).toBeVisible();
    await page.getByRole("button", { name: "Upload files" }).click();
    await expect(page.getByRole("alert")).toHaveText("No files selected");
    const { valid, invalid, dir } = await mixedFiles();
    await page.getByLabel("Folder").selectOption({ label: "Data Collection" });
    await page.getByLabel("Document language").selectOption({ label: "Somali" });
    await page.getByLabel(/^Files/).setInputFiles([...valid, ...invalid].map((f) => f.path));
    await page.getByRole("button", { name: "Upload files" }).click();
    await expect(page.getByTestId("bulk-summary")).toHaveText("3 files uploaded, 3 not uploaded");
    for (const file of valid) await expect(page.locator(`li[data-file="${file.name}"]`)).toContainText("uploaded as");
    for (const file of invalid) await expect(page.locator(`li[data-file="${file.name}"]`)).toContainText(file.message);
    expect((await storedFiles(portal!)).filter((f) => f.startsWith(`org/default/year=${year}/`))).toHaveLength(3);
    expect(await storedFiles(portal!)).toHaveLength(4);
    const languages = await portalSql<{ language: string }>(portal!, "select language from documents where file_path like ?", [
      `org/default/year=${year}/%`,
    ]);
    expect(languages.map((r) => r.language)).toEqual(["so", "so", "so"]);
    await fs.rm(dir, { recursive: true, force: true });
  });

  test("folder view sharing with plain forms; shareable links revoke and regenerate; URL decoder by GET", async ({ page, browser }) => {
    const base = portal!.url;
    await signIn(page, base);
    // Without JavaScript a folder card's Share is a link to the folder's own page, its share panel open.
    await card(page, "Data Collection").getByRole("link", { name: "Share: Data Collection" }).click();
    await expect(page).toHaveURL(/\/admin\/folders\/[^?]+\?share=folder#share-folder-/);
    await expect(page.locator("article")).toHaveCount(3);
    await page.getByRole("button", { name: "Create folder link" }).click();
    await expect(page).toHaveURL(/\?share=folder#share-folder-/);
    const folderUrl = await expectValue(
      page.getByLabel("Folder link", { exact: true }),
      new RegExp(`^${base}/shared/folder/[A-Za-z0-9_-]{43}$`),
    );
    const audit = card(page, "Baidoa Safety Audit");
    await audit.locator("summary").click();
    await audit.getByRole("button", { name: "Create share-token link" }).click();
    const docUrl = await expectValue(
      card(page, "Baidoa Safety Audit").getByLabel("Share-token link", { exact: true }),
      /\/shared\/document\/[A-Za-z0-9_-]{43}$/,
    );
    await expect(card(page, "Baidoa Safety Audit").getByRole("link", { name: "Email" })).toHaveAttribute(
      "href",
      /^mailto:\?subject=%5BCCCM%20Somalia%5D%20Document%3A/,
    );
    // A visitor without JavaScript too, as this describe says (the URL decoder below is its GET form).
    const visitor = await browser.newPage({ javaScriptEnabled: false });
    expect((await visitor.goto(folderUrl))?.status()).toBe(200);
    expect((await visitor.goto(docUrl))?.status()).toBe(200);

    await page.goto(`${base}/admin/shareable-links`);
    const folderRow = page.getByRole("row").filter({ hasText: "Data Collection" });
    await folderRow.getByRole("button", { name: "Revoke link of Data Collection" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link revoked" })).toBeVisible();
    expect((await visitor.goto(folderUrl))?.status()).toBe(404);
    const docRow = page.getByRole("row").filter({ hasText: "Baidoa Safety Audit" });
    await docRow.getByRole("button", { name: "Regenerate link of Baidoa Safety Audit" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link regenerated" })).toBeVisible();
    expect((await visitor.goto(docUrl))?.status()).toBe(404);
    expect((await visitor.goto(await docRow.getByLabel("Share link of Baidoa Safety Audit").inputValue()))?.status()).toBe(200);

    await visitor.goto(`${base}/tools/url-decoder`);
    await visitor.getByRole("button", { name: "Decode URL" }).click();
    await expect(visitor).toHaveURL(`${base}/tools/url-decoder?url=`);
    await expect(visitor.getByRole("alert")).toHaveText("Please enter a URL to decode");
    for (const [input, cleaned, note] of [
      [SAFELINK, TARGET, "Outlook safelinks wrapper removed"],
      [MAILCHIMP, MAILCHIMP, "MailChimp click-tracking link"],
      [TRACKED, "https://cccm.example.org/reports?id=3&lang=en", "Tracking parameters removed: utm_campaign, fbclid, gclid."],
    ] as const) {
      await visitor.getByLabel("URL to decode").fill(input);
      await visitor.getByRole("button", { name: "Decode URL" }).click();
      await expect(visitor.getByLabel("Cleaned URL", { exact: true })).toHaveValue(cleaned);
      await expect(visitor.getByTestId("url-result").getByText(note)).toBeVisible();
    }
    await visitor.close();
  });
});

async function expectValue(locator: import("@playwright/test").Locator, pattern: RegExp): Promise<string> {
  await expect(locator).toHaveValue(pattern);
  return locator.inputValue();
}
