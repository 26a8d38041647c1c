import fs from "node:fs/promises";
import { expect } from "@playwright/test";
import { writePdf } from "./support/pdf";
import { type RunningPortal, startPortal, tempDataDir } from "./support/portal";
import { test } from "./support/test";

/**
 * The journey of issue 2: a fresh portal prints a one-time setup link; the
 * newcomer creates the first admin, uploads a PDF, sees it in the public
 * library and downloads it.
 */
test.describe("a newcomer's first run", () => {
  let portal: RunningPortal;
  test.beforeAll(async () => {
    portal = await startPortal(await tempDataDir());
  });
  test.afterAll(async () => {
    await portal.stop();
    await fs.rm(portal.dataDir, { recursive: true, force: true });
  });

  test("setup link, first admin, upload, public library, download", async ({ page }) => {
    const setupPath = /(\/admin\/setup\?token=[A-Za-z0-9_-]+)/.exec(portal.output())?.[1];
    expect(setupPath, "the log prints a one-time setup link").toBeTruthy();

    await page.goto(`${portal.url}${setupPath}`);
    await expect(page.getByRole("heading", { name: "Create the first admin account" })).toBeVisible();
    await page.getByLabel("Name (optional)").fill("Amina Warsame");
    await page.getByLabel("Email").fill("amina@example.org");
    await page.getByLabel("Password", { exact: true }).fill("first-admin-pass");
    await page.getByLabel("Confirm password").fill("first-admin-pass");
    await page.getByRole("button", { name: "Create admin account" }).click();
    await expect(page).toHaveURL(`${portal.url}/admin`);
    await expect(page.getByText("Welcome to the admin portal")).toBeVisible();
    await expect(page.getByRole("banner").getByText("amina@example.org")).toBeVisible();

    // The link works once.
    await page.goto(`${portal.url}${setupPath}`);
    await expect(page.getByText("This setup link cannot be used")).toBeVisible();

    await page.goto(`${portal.url}/admin/documents`);
    const pdfPath = await writePdf("baidoa-site-monitoring.pdf", "Baidoa site monitoring, March 2026");
    await page.getByLabel(/^File/).setInputFiles(pdfPath);
    await page.getByLabel("Title").fill("Baidoa Site Monitoring — March 2026");
    await page.getByLabel("Category", { exact: true }).selectOption("Report");
    await page.getByLabel(/^Tags/).fill("Baidoa, site monitoring");
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByRole("status").getByText("Upload successful")).toBeVisible();
    await expect(page.getByRole("cell", { name: "Baidoa Site Monitoring — March 2026", exact: true })).toBeVisible();

    // The public library, as an anonymous visitor.
    const visitor = await page.context().browser()!.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${portal.url}/documents`);
    await expect(publicPage.getByRole("heading", { name: "Baidoa Site Monitoring — March 2026" })).toBeVisible();
    const [download] = await Promise.all([
      publicPage.waitForEvent("download"),
      publicPage.getByRole("link", { name: "Download Baidoa Site Monitoring — March 2026" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Baidoa_Site_Monitoring___March_2026.pdf");
    const saved = await download.path();
    const original = await fs.readFile(pdfPath);
    expect((await fs.readFile(saved)).equals(original)).toBe(true);
    await visitor.close();
  });
});
