import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { row, signIn, startOwnPortal, stopOwnPortal, storedFiles, toast } from "./support/admin-content";
import type { RunningPortal } from "./support/portal";
import { test } from "./support/test";

/**
 * Issue 9 item 11: dashboard thumbnails. Staff upload an image on create, replace it on edit and
 * remove it; it is stored as a WebP through the app's storage and served by the app to those who
 * may see the dashboard; cards show it. Real images are made here with sharp.
 */
const photo = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const THUMBNAIL_KEY = /^dashboard-thumbnails\/\d{4}\/\d{2}\/\d+-[0-9a-f-]{36}\.webp$/;

async function fillDashboard(page: Page, title: string, embed: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Embed URL").fill(embed);
}

/** The address of the card image of `title` on the public dashboards page, as an anonymous visitor sees it. */
async function publicCardImage(page: Page, base: string, title: string) {
  const visitor = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${base}/dashboards`);
  const card = publicPage.getByRole("article").filter({ has: publicPage.getByRole("heading", { name: title }) });
  return { visitor, publicPage, card };
}

test.describe("dashboard thumbnails without JavaScript", () => {
  test.describe.configure({ mode: "serial" });
  test.use({ javaScriptEnabled: false });
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test("refuses a disguised or oversized image, storing nothing; stores an upload on create as a WebP the card shows", async ({
    page,
    playwright,
  }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.goto(`${base}/admin/dashboards/new`);
    await fillDashboard(page, "Baidoa Arrivals", "https://grafana.example.org/d/baidoa");

    // A .png that is really text.
    await page
      .getByLabel("Thumbnail image")
      .setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: Buffer.from("not an image") });
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid file type");
    await expect(page.getByLabel("Title")).toHaveValue("Baidoa Arrivals");
    await expect(page.getByLabel("Thumbnail image")).toHaveAttribute("aria-invalid", "true");
    expect(await storedFiles(portal!)).toEqual([]);

    // A real image past 5 MB.
    const oversized = Buffer.concat([await png(20, 20, "#1d4ed8"), Buffer.alloc(5 * 1024 * 1024)]);
    await page.getByLabel("Thumbnail image").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: oversized });
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(page.getByRole("alert")).toContainText("File too large");
    expect(await storedFiles(portal!)).toEqual([]);
    await page.goto(`${base}/admin/dashboards`);
    await expect(row(page, "Baidoa Arrivals")).toHaveCount(0);

    // A camera-sized photo: stored once, as a WebP 800 px wide.
    await page.goto(`${base}/admin/dashboards/new`);
    await fillDashboard(page, "Baidoa Arrivals", "https://grafana.example.org/d/baidoa");
    await page
      .getByLabel("Thumbnail image")
      .setInputFiles({ name: "Site photo.JPG", mimeType: "image/jpeg", buffer: await photo(1600, 900, "#0f766e") });
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(page).toHaveURL(`${base}/admin/dashboards`);
    await expect(page.getByRole("status").filter({ hasText: "Dashboard created" })).toBeVisible();
    const files = await storedFiles(portal!);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(THUMBNAIL_KEY);

    const { visitor, card } = await publicCardImage(page, base, "Baidoa Arrivals");
    const img = card.getByRole("img", { name: "Preview of Baidoa Arrivals" });
    await expect(img).toHaveAttribute("width", "800");
    await expect(img).toHaveAttribute("height", "450");
    await expect(img).toHaveAttribute("loading", "lazy");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(800);
    const src = (await img.getAttribute("src"))!;
    expect(src).toMatch(/^\/api\/dashboards\/[0-9a-f-]{36}\/thumbnail\?v=[0-9a-f]{16}$/);

    const anonymous = await playwright.request.newContext({ baseURL: base });
    const response = await anonymous.get(src);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/webp");
    // The HTTP layer and the file response both send it; browsers read the first value.
    expect(response.headers()["x-content-type-options"]?.split(/,\s*/)[0]).toBe("nosniff");
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["cache-control"]).toContain("immutable");
    const body = await response.body();
    expect(body.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(body.subarray(8, 12).toString("latin1")).toBe("WEBP");
    // Without the version (or with an old one), the image is revalidated rather than kept for a year.
    const unversioned = await anonymous.get(src.replace(/\?v=.*$/, ""));
    expect(unversioned.status()).toBe(200);
    expect(unversioned.headers()["cache-control"]).toContain("no-cache");
    await anonymous.dispose();
    await visitor.close();
  });

  test("replaces the thumbnail on edit, serves a private dashboard's only to staff, and removes it", async ({ page, playwright }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.goto(`${base}/admin/dashboards`);
    await row(page, "Baidoa Arrivals").getByRole("link", { name: "Edit Baidoa Arrivals" }).click();
    const before = (await storedFiles(portal!))[0];
    const current = page.getByRole("img", { name: "Current thumbnail" });
    await expect(current).toBeVisible();
    const oldSrc = (await current.getAttribute("src"))!;

    // Replace, and make the dashboard private at the same time.
    await page
      .getByLabel("Replace thumbnail image")
      .setInputFiles({ name: "square.png", mimeType: "image/png", buffer: await png(300, 300, "#b91c1c") });
    await page.getByLabel("Public access").uncheck();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(`${base}/admin/dashboards`);
    const after = await storedFiles(portal!);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(THUMBNAIL_KEY);
    expect(after[0]).not.toBe(before);

    await row(page, "Baidoa Arrivals").getByRole("link", { name: "Edit Baidoa Arrivals" }).click();
    const newSrc = (await page.getByRole("img", { name: "Current thumbnail" }).getAttribute("src"))!;
    expect(newSrc).not.toBe(oldSrc);
    const staffResponse = await page.request.get(`${base}${newSrc}`);
    expect(staffResponse.status()).toBe(200);
    expect(staffResponse.headers()["content-type"]).toBe("image/webp");
    // Every answer to a signed-in request is no-store (ASVS hardening, item 14).
    expect(staffResponse.headers()["cache-control"]).toBe("no-store, no-transform");
    const anonymous = await playwright.request.newContext({ baseURL: base });
    expect((await anonymous.get(newSrc)).status()).toBe(404);
    expect((await anonymous.get(oldSrc)).status()).toBe(404);

    // Public again, then the thumbnail removed: the file goes, the card shows the placeholder.
    await page.getByLabel("Public access").check();
    await page.getByLabel("Remove thumbnail").check();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL(`${base}/admin/dashboards`);
    expect(await storedFiles(portal!)).toEqual([]);
    expect((await anonymous.get(newSrc)).status()).toBe(404);
    await anonymous.dispose();
    const { visitor, card } = await publicCardImage(page, base, "Baidoa Arrivals");
    await expect(card.getByRole("img", { name: /^Preview of/ })).toHaveCount(0);
    await expect(card.locator("[data-thumbnail=none]")).toBeVisible();
    await visitor.close();
  });
});

test.describe("dashboard thumbnails with JavaScript", () => {
  let portal: RunningPortal | undefined;
  test.beforeAll(async () => {
    portal = await startOwnPortal();
  });
  test.afterAll(async () => stopOwnPortal(portal));

  test("the Create Dashboard dialog uploads a thumbnail the public card shows", async ({ page }) => {
    const base = portal!.url;
    await signIn(page, base);
    await page.goto(`${base}/admin/dashboards`);
    await page.getByRole("button", { name: "Create Dashboard" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Dashboard" });
    await dialog.getByLabel("Title").fill("Kismayo Facilities");
    await dialog.getByLabel("Embed URL").fill("https://metabase.example.org/d/kismayo");
    await dialog
      .getByLabel("Thumbnail image")
      .setInputFiles({ name: "map.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a but not really") });
    await dialog.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Invalid image");
    expect(await storedFiles(portal!)).toEqual([]);
    await dialog
      .getByLabel("Thumbnail image")
      .setInputFiles({ name: "map.png", mimeType: "image/png", buffer: await png(640, 480, "#7c3aed") });
    await dialog.getByRole("button", { name: "Create Dashboard" }).click();
    await expect(toast(page, "Dashboard created")).toBeVisible();
    expect(await storedFiles(portal!)).toHaveLength(1);

    await page.goto(`${base}/dashboards`);
    const img = page.getByRole("img", { name: "Preview of Kismayo Facilities" });
    await expect(img).toHaveAttribute("width", "640");
    await expect(img).toHaveAttribute("height", "480");
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(640);
  });
});
