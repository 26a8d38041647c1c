import { expect, type Page } from "@playwright/test";
import { ADMIN, startOwnPortal, stopOwnPortal } from "./support/admin-content";
import { axeBuilder } from "./support/axe";
import { signedInAdmin, uploadPdf } from "./support/live";
import { pageReady } from "./support/page-ready";
import type { RunningPortal } from "./support/portal";
import { test } from "./support/test";

/**
 * Decision 0038: public pages that do not hydrate. The server's HTML is the page; one small module
 * enhances it. These checks are on the home page, which moved first with the layout's behaviours;
 * each page's own behaviours are checked by its own spec.
 */
// Its own portal: another spec's upload would be a live event here too.
let portal: RunningPortal | undefined;
test.beforeAll(async () => {
  portal = await startOwnPortal();
});
test.afterAll(async () => stopOwnPortal(portal));
const base = () => portal!.url;

const hydrated = (page: Page) => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));

test("the home page loads its enhancements only, and they run", async ({ page }) => {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(`${base()}/`);
  await pageReady(page);
  expect(await hydrated(page), "React has not hydrated the page").toBe(false);
  expect(scripts.length, scripts.join(", ")).toBeGreaterThan(0);
  expect(
    scripts.every((path) => /^\/assets\/enhance-[\w-]+\.js$/.test(path)),
    scripts.join(", "),
  ).toBe(true);
  // The header measured its room (app/enhance/nav-fit.ts).
  await expect(page.locator("header[data-nav]")).toHaveCount(1);
});

test("the home page's tabs: click, arrow keys, Home and End", async ({ page }) => {
  await page.goto(`${base()}/`);
  await pageReady(page);
  const tabs = page.getByRole("tablist", { name: "About the cluster" }).getByRole("tab");
  const count = await tabs.count();
  expect(count).toBeGreaterThan(2);
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toHaveCount(1);
  const second = (await tabs.nth(1).textContent()) ?? "";
  await tabs.nth(1).click();
  await expect(page.getByRole("tabpanel", { name: second })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.nth(2)).toBeFocused();
  await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(tabs.nth(count - 1)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(tabs.first()).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(tabs.nth(count - 1)).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toHaveCount(1);
  const axe = await axeBuilder(page).include('[role="tablist"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test("a published document reaches the home page live: toast, Recent Updates, the latest list, no page load", async ({ browser }) => {
  const title = `Enhanced bulletin ${Date.now().toString(36)}`;
  const admin = await signedInAdmin(browser, base(), ADMIN);
  const visitor = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await visitor.newPage();
  try {
    const connected = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
    await page.goto(`${base()}/`);
    expect((await connected).status()).toBe(200);
    await pageReady(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await uploadPdf(admin.page, base(), title, { published: true });

    const toast = page.locator("[data-toast]").filter({ hasText: "New Document Available" });
    await expect(toast).toContainText(`"${title}" has been published`);
    const panel = page.getByRole("region", { name: "Recent Updates" });
    await expect(panel).toContainText(`"${title}" has been published`);
    await expect(page.getByRole("main").getByRole("link", { name: title })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    const axe = await axeBuilder(page).include('section[aria-label="Recent Updates"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(await panel.getByRole("link", { name: new RegExp(`^View.*${title}`) }).getAttribute("href")).toMatch(
      /^\/document\/[0-9a-f-]{36}$/,
    );
    await panel.getByRole("button", { name: `Dismiss notification: "${title}" has been published` }).focus();
    await page.keyboard.press("Enter");
    await expect(panel.getByRole("listitem")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Recent Updates" })).toHaveCount(0);
  } finally {
    await admin.context.close();
    await visitor.close();
  }
});

test.describe("in data-saver mode", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  test("no event stream is opened", async ({ page }) => {
    const streams: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/events") streams.push(r.url());
    });
    await page.goto(`${base()}/`);
    await pageReady(page);
    await page.waitForLoadState("networkidle");
    expect(streams).toEqual([]);
  });
});
