import { type Browser, type BrowserContextOptions, expect, type Page } from "@playwright/test";
import { axeBuilder } from "./support/axe";
import { startDemoPortal } from "./support/demo-portal";
import type { RunningPortal } from "./support/portal";
import { portalSql } from "./support/portal-data";
import { test } from "./support/test";

/**
 * Issue 13 item 5 (decision 0030): data-saver mode on the demo content. With `Save-Data: on` no
 * public page requests an image or the live-updates stream (Playwright counts the requests), and
 * without it the same pages do (so the count can fail). The footer's switch turns the mode on and
 * off without JavaScript, and with it without a page load; a dashboard loads only when asked;
 * the text view is offered first; every download link states the file's format and size.
 */
let portal: RunningPortal & { dispose(): Promise<void> };
/** Every public page of the demo: the lists, a document (with a thumbnail and a text view), a dashboard, a shared folder. */
let pages: string[] = [];
let documentId = "";
let dashboardPath = "";

const url = (p: string) => `${portal.url}${p}`;
const SAVE_DATA = { "Save-Data": "on" };
/** The demo's dashboards are framed from a host this machine cannot reach. */
const EXTERNAL = /^https:\/\/(?!127\.0\.0\.1|localhost)/;

test.beforeAll(async ({ request }) => {
  test.setTimeout(240_000);
  // With the file reader, which makes the thumbnails and the text views after start: wait until
  // the library shows one (each file read empties the page cache, so the list follows).
  portal = await startDemoPortal(undefined, { READ_FILES: "true" });
  let thumbnail: string | undefined;
  await expect
    .poll(
      async () => {
        const html = await (await request.get(url("/documents"))).text();
        thumbnail = /\/api\/documents\/([^/"]+)\/thumbnail\?v=/.exec(html)?.[1];
        if (!thumbnail) return false;
        // Its page offers the text view too.
        return (await (await request.get(url(`/document/${thumbnail}`))).text()).includes("Read as text");
      },
      { timeout: 180_000, intervals: [1_000] },
    )
    .toBe(true);
  documentId = thumbnail!;
  const dashboards = await (await request.get(url("/dashboards"))).text();
  dashboardPath = /href="(\/dashboards\/[0-9a-f-]{36})"/.exec(dashboards)![1]!;
  const [folder] = await portalSql<{ share_token: string }>(
    portal,
    "select share_token from folders where share_token is not null order by name",
  );
  pages = [
    "/",
    "/documents",
    "/reports",
    "/guidelines",
    "/standards",
    `/document/${documentId}`,
    `/document/${documentId}/text`,
    "/dashboards",
    dashboardPath,
    "/about",
    `/shared/folder/${folder!.share_token}`,
    "/tools/url-decoder",
  ];
});
test.afterAll(async () => portal?.dispose());

interface Counted {
  images: string[];
  streams: string[];
}

/**
 * Opens one page in a fresh context (nothing cached from another page), lets it hydrate and settle,
 * scrolls to its end (lazy images load when near), and lists the image and event-stream requests.
 */
async function visit(browser: Browser, pathname: string, options: BrowserContextOptions): Promise<Counted> {
  const context = await browser.newContext(options);
  const counted: Counted = { images: [], streams: [] };
  context.on("request", (request) => {
    if (request.resourceType() === "image") counted.images.push(request.url());
    if (request.url().includes("/api/events")) counted.streams.push(request.url());
  });
  await context.route(EXTERNAL, (route) => route.abort());
  const page = await context.newPage();
  try {
    await page.goto(url(pathname));
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    // With JavaScript, the stream opens once the page has hydrated: give it the time.
    if (options.javaScriptEnabled !== false) await page.waitForTimeout(700);
  } finally {
    await context.close();
  }
  return counted;
}

/** The page has loaded and its scripts have run: the footer's switch answers to JavaScript then. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await expect(page.getByRole("button", { name: /^Data saver: (on|off)$/ })).toBeVisible();
}

test("with Save-Data: on, no public page requests an image or the event stream", async ({ browser }) => {
  test.setTimeout(180_000);
  for (const pathname of pages) {
    const counted = await visit(browser, pathname, { extraHTTPHeaders: SAVE_DATA });
    expect(counted, pathname).toEqual({ images: [], streams: [] });
  }
});

test("without Save-Data the same pages request images and the event stream (the count above can fail)", async ({ browser }) => {
  test.setTimeout(180_000);
  const thumbnails: string[] = [];
  for (const pathname of pages) {
    const counted = await visit(browser, pathname, {});
    // The header's logo at least, on every page.
    expect(counted.images.length, pathname).toBeGreaterThan(0);
    expect(counted.streams.length, pathname).toBeGreaterThan(0);
    thumbnails.push(...counted.images.filter((src) => src.includes("/thumbnail")));
  }
  // The cards' and the detail page's thumbnails, which data-saver mode leaves out.
  expect(thumbnails.some((src) => src.includes(`/api/documents/${documentId}/thumbnail`))).toBe(true);
});

test("the footer's switch turns the mode on and off without JavaScript, and wins over Save-Data", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const images: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "image") images.push(request.url());
  });
  await page.goto(url("/reports?page=1"));
  const off = page.getByRole("button", { name: "Data saver: off" });
  await expect(off).toBeVisible();
  // The header's logo at least.
  await expect(page.locator("img").first()).toBeVisible();

  await off.click();
  // Back on the same page (its query kept), now saving data.
  await expect(page).toHaveURL(url("/reports?page=1"));
  const on = page.getByRole("button", { name: "Data saver: on" });
  await expect(on).toBeVisible();
  await expect(page.locator("img")).toHaveCount(0);
  images.length = 0;
  await page.goto(url(`/document/${documentId}`));
  await page.goto(url("/documents"));
  await expect(page.getByRole("button", { name: "Data saver: on" })).toBeVisible();
  expect(images).toEqual([]);

  await page.getByRole("button", { name: "Data saver: on" }).click();
  await expect(page).toHaveURL(url("/documents"));
  await expect(page.getByRole("button", { name: "Data saver: off" })).toBeVisible();
  await expect(page.locator("main img").first()).toBeAttached();
  await context.close();

  // A reader whose browser asks to save data can still turn the mode off.
  const saving = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: SAVE_DATA });
  const saver = await saving.newPage();
  await saver.goto(url("/documents"));
  await expect(saver.locator("img")).toHaveCount(0);
  await saver.getByRole("button", { name: "Data saver: on" }).click();
  await expect(saver.getByRole("button", { name: "Data saver: off" })).toBeVisible();
  await expect(saver.locator("main img").first()).toBeAttached();
  await saving.close();
});

test("with JavaScript the switch changes the page in place, and the stream and thumbnails follow it", async ({ browser }) => {
  const context = await browser.newContext();
  await context.route(EXTERNAL, (route) => route.abort());
  const page = await context.newPage();
  const images: string[] = [];
  const streams = { opened: 0, ended: 0 };
  page.on("request", (request) => {
    if (request.resourceType() === "image") images.push(request.url());
    if (request.url().includes("/api/events")) streams.opened++;
  });
  const ended = (request: { url(): string }) => {
    if (request.url().includes("/api/events")) streams.ended++;
  };
  page.on("requestfailed", ended);
  page.on("requestfinished", ended);
  await page.goto(url("/documents"));
  await settle(page);
  await expect(page.locator("main img").first()).toBeAttached();
  await expect.poll(() => streams.opened).toBe(1);
  // A mark on the window: a page load would wipe it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page.getByRole("button", { name: "Data saver: off" }).click();
  await expect(page.getByRole("button", { name: "Data saver: on" })).toBeVisible();
  await expect(page.locator("main img")).toHaveCount(0);
  // The open stream is closed, and no page load happened.
  await expect.poll(() => streams.ended).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // Moving on inside the site (a page load: public pages do not hydrate, decision 0038): no image,
  // no new stream.
  images.length = 0;
  await page.getByRole("link", { name: "Reports" }).first().click();
  await expect(page).toHaveURL(url("/reports"));
  await settle(page);
  await page.waitForTimeout(500);
  expect({ images, opened: streams.opened }).toEqual({ images: [], opened: 1 });
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  // Off again: the thumbnails and the stream come back.
  await page.getByRole("button", { name: "Data saver: on" }).click();
  await expect(page.getByRole("button", { name: "Data saver: off" })).toBeVisible();
  await expect.poll(() => streams.opened).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await context.close();
});

test("a dashboard loads only after the click, with and without JavaScript", async ({ browser }) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled, extraHTTPHeaders: SAVE_DATA });
    const framed: string[] = [];
    await context.route(EXTERNAL, (route) => {
      framed.push(route.request().url());
      return route.abort();
    });
    const page = await context.newPage();
    await page.goto(url(dashboardPath));
    if (javaScriptEnabled) await settle(page);
    await page.waitForTimeout(300);
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(framed, `JavaScript ${javaScriptEnabled}`).toEqual([]);
    await page
      .getByRole("link", { name: "Load dashboard" })
      .or(page.getByRole("button", { name: "Load dashboard" }))
      .click();
    await expect(page.locator("iframe")).toHaveCount(1);
    await context.close();
  }
});

test("the text view is offered first, and every download link states the file's format and size", async ({ browser }) => {
  for (const extraHTTPHeaders of [SAVE_DATA, {}]) {
    const saving = "Save-Data" in extraHTTPHeaders;
    const context = await browser.newContext({ extraHTTPHeaders });
    const page = await context.newPage();
    await page.goto(url(`/document/${documentId}`));
    const actions = page.locator("article a").filter({ hasText: /^(Read as text|Download Document)/ });
    await expect(actions).toHaveCount(2);
    await expect(actions.first()).toContainText(saving ? "Read as text" : "Download Document");
    await expect(page.getByRole("link", { name: /^Download Document \([A-Z0-9]+, [\d.]+ (MB|KB)\)/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /^First page of/ })).toHaveCount(saving ? 0 : 1);

    // Each card's Download has the format and size beside it: the library, a list, a shared folder.
    for (const pathname of ["/documents", "/reports", pages.find((p) => p.startsWith("/shared/folder/"))!]) {
      await page.goto(url(pathname));
      const cards = page.locator("main article");
      const count = await cards.count();
      expect(count, pathname).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const card = cards.nth(i);
        await expect(card.getByRole("link", { name: /^Download / })).toBeVisible();
        await expect(card.getByText(/^[A-Z0-9]{2,5} · (< 1 KB|[\d,.]+ (B|KB|MB|GB)|N\/A)$/), `${pathname} card ${i}`).toBeVisible();
      }
    }
    await context.close();
  }
});

test("the switch is keyboard reachable and axe finds nothing on a data saver's pages", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: SAVE_DATA, viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  for (const pathname of ["/", `/document/${documentId}`, "/dashboards"]) {
    await page.goto(url(pathname));
    await settle(page);
    const results = await axeBuilder(page).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      pathname,
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), pathname).toBeLessThanOrEqual(0);
  }
  const toggle = page.getByRole("button", { name: "Data saver: on" });
  await toggle.focus();
  await expect(toggle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Data saver: off" })).toBeVisible();
  await context.close();
});
