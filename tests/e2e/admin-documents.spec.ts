import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import {
  axeViolations,
  dashboardId,
  dropFile,
  frameSrc,
  row,
  signIn,
  startOwnPortal,
  stopOwnPortal,
  storedFiles,
  toast,
  watchProgress,
} from "./support/admin-content";
import { writePdf } from "./support/pdf";
import type { RunningPortal } from "./support/portal";
import { test } from "./support/test";

/**
 * Issue 4 items 5 and 6: document management (upload with a real progress bar, edit, delete) and
 * dashboards management (create, edit, reorder, delete), with and without JavaScript, each mode
 * on its own fresh portal.
 */
test.describe("document and dashboard management with JavaScript", () => {
  test.describe.configure({ mode: "serial" });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test("upload: drop a PDF, title pre-filled, real progress to Complete!, the row appears", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    for (const h of ["Title", "Description", "Category", "Size", "Status", "Date", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: h, exact: true })).toHaveCount(0);
    }
    await expect(page.getByText("No Documents Found")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Dashboard" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Refresh" })).toBeVisible();

    const pdf = await fs.readFile(await writePdf("x.pdf", "Baidoa site verification"));
    await dropFile(page, page.getByTestId("upload-drop-zone"), "Baidoa Site Verification.pdf", pdf, "application/pdf");
    await expect(page.getByLabel("Title")).toHaveValue("Baidoa Site Verification");
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("Other");
    await page.getByLabel(/^Tags/).fill(" Verification, baidoa ,verification,, ");
    await expect(page.getByRole("list", { name: "Tag preview" }).getByRole("listitem")).toHaveText(["Verification", "baidoa"]);
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByText("Complete!")).toBeVisible();
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(toast(page, "Upload successful")).toBeVisible();
    await expect(row(page, "Baidoa Site Verification")).toContainText("Published");
    await expect(page.getByLabel("Title")).toHaveValue("");
    for (const h of ["Title", "Description", "Category", "Size", "Status", "Date", "Actions"]) {
      await expect(page.getByRole("columnheader", { name: h, exact: true })).toBeVisible();
    }

    // A 3 MB file on a throttled link: the bar follows the bytes through the spec's stages.
    const big = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "portal-e2e-")), "Dolow Site Report.pdf");
    await fs.writeFile(big, Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(3 * 1024 * 1024, 0x20)]));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 200,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    await page.getByLabel(/^File/).setInputFiles(big);
    await expect(page.getByLabel("Title")).toHaveValue("Dolow Site Report");
    // Choosing a file takes away the first upload's finished bar; only then is this upload's
    // watched (a toast's animation could otherwise record the old "Complete!" first).
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    await watchProgress(page);
    await page.getByLabel("Publish immediately").uncheck();
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByText("Complete!")).toBeVisible({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await fs.rm(path.dirname(big), { recursive: true, force: true });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: Array<{ value: number; label: string }> }).progressSeen);
    const labels = [...new Set(seen.map((s) => s.label))];
    expect(labels).toEqual(["Preparing upload...", "Uploading file...", "Creating record...", "Complete!"]);
    expect(seen.filter((s) => s.value > 25 && s.value < 75).length, JSON.stringify(seen)).toBeGreaterThan(2);
    expect(seen.map((s) => s.value)).toEqual([...seen.map((s) => s.value)].sort((a, b) => a - b));
    await expect(row(page, "Dolow Site Report")).toContainText("Draft");
  });

  test("the browser refuses other types, files over 50MB and missing fields before sending", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().startsWith(`${base}/admin/documents`)) posts++;
    });
    await page
      .getByLabel(/^File/)
      .setInputFiles({ name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ fake") });
    await expect(page.getByRole("alert").filter({ hasText: "Invalid file type" })).toContainText("Please select a supported file type");
    await expect(toast(page, "Invalid file type")).toBeVisible();
    await expect(page.getByLabel("Title")).toHaveValue("");

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "portal-e2e-big-"));
    const tooBig = path.join(dir, "huge.pdf");
    await fs.writeFile(tooBig, Buffer.alloc(50 * 1024 * 1024 + 1));
    await page.getByLabel(/^File/).setInputFiles(tooBig);
    await expect(page.getByRole("alert").filter({ hasText: "File too large" })).toContainText("Please select a file smaller than 50MB");
    await fs.rm(dir, { recursive: true, force: true });

    await page.getByLabel("Title").fill("No file chosen");
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Missing information" })).toContainText(
      "Please fill in all required fields and select a file",
    );
    await page.getByRole("button", { name: "Clear All" }).click();
    await expect(page.getByLabel("Title")).toHaveValue("");
    await expect(page.getByLabel("Publish immediately")).toBeChecked();
    expect(posts).toBe(0);
  });

  test("edit dialog: title required, saved with the canonical category and unpublished", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await row(page, "Baidoa Site Verification").getByRole("button", { name: "Edit Baidoa Site Verification" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Document" });
    await expect(dialog.getByRole("region", { name: "File information" })).toContainText("Baidoa Site Verification.pdf");
    await expect(dialog).toContainText("application/pdf");
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel("Title").fill("  ");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Validation Error");
    await expect(dialog.getByRole("alert")).toContainText("Title is required");

    await dialog.getByLabel("Title").fill("Baidoa Site Verification 2026");
    await dialog.getByLabel("Category").selectOption({ label: "Standards" });
    await dialog.getByLabel("Published").uncheck();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "Document Updated")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const edited = row(page, "Baidoa Site Verification 2026");
    await expect(edited).toContainText("Policy");
    await expect(edited).toContainText("Draft");
    const list = (await (await fetch(`${base}/api/public/documents`)).json()) as Array<{ title: string }>;
    expect(list.map((d) => d.title)).not.toContain("Baidoa Site Verification 2026");
  });

  test("delete with confirmation removes the row and its file", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    expect(await storedFiles(portal!)).toHaveLength(2);
    const title = "Baidoa Site Verification 2026";
    await row(page, title)
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Delete document?" });
    await expect(dialog).toContainText(title);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(row(page, title)).toBeVisible();
    await row(page, title)
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    await page.getByRole("dialog", { name: "Delete document?" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Document deleted")).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);
    await expect.poll(() => storedFiles(portal!)).toHaveLength(1);
  });

  test("the list reloads when documents change elsewhere; the upload answers JSON when asked", async ({ page, playwright }) => {
    const base = portal!.url;
    const stream = page.waitForResponse((r) => r.url() === `${base}/api/events`);
    await signIn(page, base);
    await stream;
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const pdf = await fs.readFile(await writePdf("hargeisa.pdf", "Hargeisa"));
    const post = (context: typeof page.request, file: { name: string; mimeType: string; buffer: Buffer }) =>
      context.post(`${base}/admin/documents`, {
        headers: { Origin: base, Accept: "application/json" },
        multipart: { title: "Hargeisa Relocation Plan", category: "Report", published: "true", file },
      });

    const answer = await post(page.request, { name: "hargeisa.pdf", mimeType: "application/pdf", buffer: pdf });
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({
      ok: true,
      message: { title: "Upload successful" },
      document: { title: "Hargeisa Relocation Plan" },
    });
    await expect(row(page, "Hargeisa Relocation Plan")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    const refused = await post(page.request, { name: "tool.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({
      ok: false,
      message: { tone: "error", title: "Invalid file type", description: "Please select a supported file type" },
      document: null,
    });
    const anonymous = await playwright.request.newContext();
    const signedOut = await post(anonymous, { name: "hargeisa.pdf", mimeType: "application/pdf", buffer: pdf });
    expect(signedOut.status()).toBe(401);
    expect(await signedOut.json()).toMatchObject({ ok: false, message: { title: "Upload failed", description: "User not authenticated" } });
    await anonymous.dispose();
  });

  test("dashboards: create with the spec's messages, shown publicly and framed; reorder; delete", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Dashboard" });
    await expect(dialog.getByLabel("Type")).toHaveValue("other");
    await expect(dialog.getByLabel("Provider")).toHaveValue("EXTERNAL");
    await expect(dialog.getByLabel("Display order")).toHaveValue("0");
    await expect(dialog.getByLabel("Public access")).toBeChecked();
    await dialog.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Missing information");
    await expect(dialog.getByRole("alert")).toContainText("Please fill in title and embed URL");
    await dialog.getByLabel("Title").fill("Zeta Arrivals");
    await dialog.getByLabel("Embed URL").fill("http://grafana.example.org/d/arrivals");
    await dialog.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(dialog.getByRole("alert")).toContainText("must be a secure web address starting with https://");
    await dialog.getByLabel("Embed URL").fill("https://grafana.example.org/d/arrivals");
    await dialog.getByLabel("Provider").selectOption("GRAFANA");
    await dialog.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(toast(page, "Dashboard created")).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await page.goto(`${base}/admin/dashboards`);
    const zeta = await dashboardId(page, "Zeta Arrivals");
    expect(await frameSrc(base, `/dashboards/${zeta}`)).toBe("frame-src 'self' https://grafana.example.org");
    const visitor = await page.context().browser()!.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${base}/dashboards`);
    await expect(publicPage.getByRole("heading", { name: "Zeta Arrivals" })).toBeVisible();

    await page.getByRole("button", { name: "Create Dashboard" }).click();
    await page.getByRole("dialog").getByLabel("Title").fill("Alpha Monitoring");
    await page.getByRole("dialog").getByLabel("Embed URL").fill("https://metabase.example.org/q/1");
    await page.getByRole("dialog").getByRole("button", { name: "Create Dashboard" }).click();
    await expect(toast(page, "Dashboard created")).toBeVisible();
    const titles = page.getByRole("table").getByRole("row").locator("td:nth-child(2)");
    await expect(titles).toHaveText(["Alpha Monitoring", "Zeta Arrivals"]);
    await page.getByRole("button", { name: "Move Zeta Arrivals up" }).click();
    await expect(titles).toHaveText(["Zeta Arrivals", "Alpha Monitoring"]);
    await publicPage.goto(`${base}/dashboards`);
    await expect(publicPage.getByRole("main").getByRole("article").getByRole("heading", { level: 2 })).toHaveText([
      "Zeta Arrivals",
      "Alpha Monitoring",
    ]);
    await visitor.close();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Delete Zeta Arrivals" }).click();
    await page.getByRole("dialog", { name: "Delete dashboard?" }).getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Dashboard deleted")).toBeVisible();
    await expect(titles).toHaveText(["Alpha Monitoring"]);
    // frame-src is per page: a dashboard's own page lists its host, no other page lists any.
    expect(await frameSrc(base, `/dashboards/${zeta}`)).toBe("frame-src 'self'");
    const alpha = await dashboardId(page, "Alpha Monitoring");
    expect(await frameSrc(base, `/dashboards/${alpha}`)).toBe("frame-src 'self' https://metabase.example.org");
    expect(await frameSrc(base, "/dashboards")).toBe("frame-src 'self'");
  });
  test("the content pages are accessible and fit a 360 px screen", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    const href = await row(page, "Dolow Site Report").getByRole("link", { name: "Download Dolow Site Report" }).getAttribute("href");
    const id = /\/api\/documents\/([0-9a-f-]{36})\/download$/.exec(href ?? "")![1]!;
    await page.setViewportSize({ width: 360, height: 740 });
    for (const pathname of [
      "/admin/documents",
      `/admin/documents/${id}/edit`,
      `/admin/documents/${id}/delete`,
      "/admin/dashboards",
      "/admin/dashboards/new",
    ]) {
      await page.goto(`${base}${pathname}`);
      expect(await axeViolations(page), pathname).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), pathname).toBeLessThanOrEqual(360);
    }
  });
});

test.describe("document and dashboard management without JavaScript", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ javaScriptEnabled: false });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test("upload, edit page, delete confirmation page", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByLabel(/^File/).setInputFiles(await writePdf("garowe.pdf", "Garowe"));
    await page.getByLabel("Title").fill("Garowe Safety Audit");
    await page.getByLabel(/^Tags/).fill("Safety, safety, audit");
    await page.getByRole("button", { name: "Upload Document" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Upload successful" })).toBeVisible();
    await expect(row(page, "Garowe Safety Audit")).toContainText("Published");

    await row(page, "Garowe Safety Audit").getByRole("link", { name: "Edit Garowe Safety Audit" }).click();
    await expect(page).toHaveURL(/\/admin\/documents\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByRole("region", { name: "File information" })).toContainText("garowe.pdf");
    await expect(page.getByLabel(/^Tags/)).toHaveValue("Safety, audit");
    await page.getByLabel("Title").fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("alert")).toContainText("Validation Error");
    await expect(page.getByRole("alert")).toContainText("Title is required");
    await page.getByLabel("Title").fill("Garowe Safety Audit 2026");
    await page.getByLabel("Description").fill("   ");
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Guidelines" });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(`${base}/admin/documents`);
    await expect(page.getByRole("status").filter({ hasText: "Document Updated" })).toBeVisible();
    await expect(row(page, "Garowe Safety Audit 2026")).toContainText("Guideline");

    await row(page, "Garowe Safety Audit 2026").getByRole("link", { name: "Delete Garowe Safety Audit 2026" }).click();
    await expect(page.getByRole("heading", { name: "Delete document?" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Garowe Safety Audit 2026");
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(`${base}/admin/documents`);
    await expect(page.getByRole("status").filter({ hasText: "Document deleted" })).toBeVisible();
    await expect(page.getByText("No Documents Found")).toBeVisible();
    expect(await storedFiles(portal!)).toEqual([]);
  });

  test("create dashboard page, reorder, edit and delete pages", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.getByRole("link", { name: "Create Dashboard" }).click();
    await expect(page).toHaveURL(`${base}/admin/dashboards/new`);
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(page.getByRole("alert")).toContainText("Please fill in title and embed URL");
    await page.getByLabel("Title").fill("Kismayo Catchment");
    await page.getByLabel("Embed URL").fill("javascript:alert(document.cookie)");
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid URL");
    await expect(page.getByLabel("Title")).toHaveValue("Kismayo Catchment");
    await page.getByLabel("Embed URL").fill("https://tableau.example.org/views/catchment");
    await page.getByLabel("Dashboard URL").fill("data:text/html,hello");
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(page.getByRole("alert")).toContainText("The dashboard URL must be a secure web address");
    await page.getByLabel("Dashboard URL").fill("");
    await page.getByLabel("Display order").fill("-2");
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid display order");
    await page.getByLabel("Display order").fill("5");
    await page.getByLabel("Type").selectOption("catchement");
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(page).toHaveURL(`${base}/admin/dashboards`);
    await expect(page.getByRole("status").filter({ hasText: "Dashboard created" })).toBeVisible();

    await page.getByRole("link", { name: "Create Dashboard" }).click();
    await page.getByLabel("Title").fill("Private Board");
    await page.getByLabel("Embed URL").fill("https://private.example.org/board");
    await page.getByLabel("Public access").uncheck();
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    const titles = page.getByRole("table").getByRole("row").locator("td:nth-child(2)");
    await expect(titles).toHaveText(["Private Board", "Kismayo Catchment"]);
    await expect(row(page, "Private Board")).toContainText("Private");
    expect(await frameSrc(base, `/dashboards/${await dashboardId(page, "Private Board")}`)).toBe("frame-src 'self'");
    const kismayo = await dashboardId(page, "Kismayo Catchment");
    expect(await frameSrc(base, `/dashboards/${kismayo}`)).toBe("frame-src 'self' https://tableau.example.org");

    await page.getByRole("button", { name: "Move Private Board down" }).click();
    await expect(titles).toHaveText(["Kismayo Catchment", "Private Board"]);

    await page.getByRole("link", { name: "Edit Kismayo Catchment" }).click();
    await expect(page.getByLabel("Display order")).toHaveValue("0");
    await page.getByLabel("Embed URL").fill("http://tableau.example.org/views/catchment");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid URL");
    await page.getByLabel("Embed URL").fill("https://powerbi.example.org/view?r=1");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Dashboard updated" })).toBeVisible();
    expect(await frameSrc(base, `/dashboards/${kismayo}`)).toBe("frame-src 'self' https://powerbi.example.org");

    await page.getByRole("link", { name: "Delete Private Board" }).click();
    await expect(page.getByRole("heading", { name: "Delete dashboard?" })).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Dashboard deleted" })).toBeVisible();
    await expect(titles).toHaveText(["Kismayo Catchment"]);
  });
});
