import { expect, type Page } from "@playwright/test";
import { DRAFTS, LISTS } from "./support/demo-lists";
import { startDemoPortal } from "./support/demo-portal";
import { pageReady } from "./support/page-ready";
import { type RunningPortal, WITHOUT_PAGE_CACHE } from "./support/portal";
import { portalSql } from "./support/portal-data";
import { test } from "./support/test";

/**
 * Issue 3, items 3, 4, 7 and 13: the reports, guidelines and standards lists,
 * their search (with and without JavaScript), the download button, the 60 s
 * refresh and the public JSON, on a portal loaded with `portal demo`.
 */
let portal: RunningPortal & { dispose(): Promise<void> };
test.beforeAll(async () => {
  test.setTimeout(180_000);
  portal = await startDemoPortal(undefined, WITHOUT_PAGE_CACHE);
});
test.afterAll(async () => portal?.dispose());

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const cardTitles = (page: Page) => page.getByRole("main").getByRole("article").getByRole("heading").allTextContents();

/** One statement on the portal's database (SQLite or PostgreSQL) while it runs. */
const downloadCount = async (id: string) =>
  Number((await portalSql<{ n: number }>(portal, "select download_count as n from documents where id = ?", [id]))[0]!.n);
const renameDocument = (from: string, to: string) => portalSql(portal, "update documents set title = ? where title = ?", [to, from]);
/**
 * The list's own script asking the server for the list again (a refresh, a search as one types):
 * the page's address fetched as HTML on a page that does not hydrate (decision 0038).
 */
const isListFetch = (request: { url(): string; resourceType(): string }, path: string) =>
  request.resourceType() === "fetch" && new URL(request.url()).pathname === path;

async function expectList(page: Page, list: (typeof LISTS)[number], titles: readonly string[]) {
  await expect(page.getByText(list.count(titles.length), { exact: true })).toBeVisible();
  await expect(cards(page)).toHaveCount(titles.length);
  expect((await cardTitles(page)).sort()).toEqual([...titles].sort());
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const list of LISTS) {
    test(`${list.path}: the category's published documents, a GET search, empty state, download link`, async ({ page, request }) => {
      await page.goto(`${portal.url}${list.path}`);
      await expect(page.getByRole("heading", { level: 1, name: list.heading })).toBeVisible();
      await expect(page.getByPlaceholder(list.placeholder)).toBeVisible();
      await expectList(page, list, list.titles);
      for (const draft of DRAFTS) await expect(page.getByText(draft)).toHaveCount(0);
      // Copying the page link needs JavaScript; the button is not offered without it.
      await expect(page.getByRole("button", { name: /^Share/ })).toHaveCount(0);

      const card = cards(page).filter({ hasText: list.download.title });
      await expect(card.getByText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
      await expect(card.getByText(/^\d+ KB$/)).toBeVisible();

      await page.getByLabel(list.searchLabel).fill(list.search.q);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(`${portal.url}${list.path}?q=${list.search.q}`);
      await expectList(page, list, list.search.titles);

      await page.getByLabel(list.searchLabel).fill("zz no such document");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByText(list.count(0), { exact: true })).toBeVisible();
      await expect(page.getByText(list.empty, { exact: true })).toBeVisible();
      await expect(page.getByText("Try adjusting your search terms or filters.", { exact: true })).toBeVisible();
      await expect(cards(page)).toHaveCount(0);

      await page.goto(`${portal.url}${list.path}?q=${encodeURIComponent(list.download.title)}`);
      const link = page.getByRole("link", { name: `Download ${list.download.title}` });
      const href = (await link.getAttribute("href"))!;
      const id = /\/api\/documents\/([^/]+)\/download$/.exec(href)![1]!;
      const before = await downloadCount(id);
      // A HEAD (what the button asks first with JavaScript) is not a download.
      expect((await request.head(`${portal.url}${href}`)).status()).toBe(200);
      expect(await downloadCount(id)).toBe(before);
      const response = await request.get(`${portal.url}${href}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-disposition"]).toContain(`filename="${list.download.file}"`);
      expect(await downloadCount(id)).toBe(before + 1);
    });
  }

  test("a draft is in no list and no search", async ({ page }) => {
    for (const list of LISTS) {
      for (const q of ["", "safety audit", "enumerator", "bulletin", "kahda district"]) {
        await page.goto(`${portal.url}${list.path}${q ? `?q=${encodeURIComponent(q)}` : ""}`);
        const content = await page.content();
        for (const draft of DRAFTS) expect(content).not.toContain(draft);
      }
    }
  });
});

test.describe("with JavaScript", () => {
  for (const list of LISTS) {
    test(`${list.path}: typing filters without a page load; download and share toasts`, async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: portal.url });
      await page.goto(`${portal.url}${list.path}`);
      await pageReady(page);
      await expect(page.getByRole("button", { name: /^Share/ }).first()).toBeVisible();
      await expectList(page, list, list.titles);

      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await page.getByLabel(list.searchLabel).pressSequentially(list.search.q.toLowerCase());
      await expectList(page, list, list.search.titles);
      await expect(page).toHaveURL(`${portal.url}${list.path}?q=${list.search.q.toLowerCase()}`);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

      // Share copies the card's document address (issue 9, item 9), not the list page's.
      const first = cards(page).first();
      const documentPath = (await first.getByRole("heading").getByRole("link").getAttribute("href"))!;
      expect(documentPath).toMatch(/^\/document\/[^/?#]+$/);
      await first.getByRole("button", { name: /^Share/ }).click();
      await expect(page.getByText("Link copied", { exact: true })).toBeVisible();
      await expect(page.getByText(list.copied, { exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${portal.url}${documentPath}`);

      await page.getByLabel(list.searchLabel).fill("zz no such document");
      await expect(page.getByText(list.empty, { exact: true })).toBeVisible();
      await expect(page.getByText(list.count(0), { exact: true })).toBeVisible();
      await page.getByLabel(list.searchLabel).fill(list.download.title);
      await expect(cards(page)).toHaveCount(1);

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name: `Download ${list.download.title}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(list.download.file);
      await expect(page.getByText("Download started", { exact: true })).toBeVisible();
      await expect(page.getByText("Your document is downloading", { exact: true })).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    });
  }

  test("the download button is busy while it works and shows the spec's failures", async ({ page }) => {
    await page.goto(`${portal.url}/reports`);
    await pageReady(page);
    const link = page.getByRole("link", { name: `Download ${LISTS[0].titles[0]}` });
    const href = (await link.getAttribute("href"))!;

    // Each HEAD waits until the test answers it (0 = a network failure).
    let heads = 0;
    const waiting: ((status: number) => void)[] = [];
    await page.route(`**${href}`, async (route) => {
      if (route.request().method() !== "HEAD") return route.continue();
      heads += 1;
      const status = await new Promise<number>((resolve) => waiting.push(resolve));
      return status === 0 ? route.abort() : route.fulfill({ status, body: "" });
    });
    const answer = async (status: number) => {
      await expect.poll(() => waiting.length).toBe(1);
      waiting.shift()!(status);
    };

    await link.click();
    await expect(link).toHaveAttribute("aria-busy", "true");
    await expect(link.locator("svg.animate-spin")).toHaveCount(1);
    await link.click({ force: true }); // a repeat click while busy starts nothing
    await answer(404);
    await expect(page.getByText("Download failed", { exact: true })).toBeVisible();
    await expect(page.getByText("Document not found", { exact: true })).toBeVisible();
    await expect(link).not.toHaveAttribute("aria-busy", "true");
    expect(heads).toBe(1);

    await link.click();
    await answer(500);
    await expect(page.getByText("HTTP error! status: 500", { exact: true })).toBeVisible();
    await link.click();
    await answer(0);
    await expect(page.getByText("Failed to download document. Please try again.", { exact: true })).toBeVisible();
    expect(heads).toBe(3);
  });

  for (const list of LISTS) {
    test(`${list.path}: refreshes every 60 s and on becoming visible; a failed refresh keeps the list`, async ({ page }) => {
      await page.clock.install();
      await page.goto(`${portal.url}${list.path}`);
      await pageReady(page);
      const isRefresh = (request: Parameters<typeof isListFetch>[0]) => isListFetch(request, list.path);

      // A changed title shows after the next refresh, without reloading the page.
      const renamed = list.titles[0];
      const revised = `${renamed} (revised)`;
      await renameDocument(renamed, revised);
      try {
        const refresh = page.waitForRequest(isRefresh);
        await page.clock.runFor(60_000);
        await refresh;
        await expect(page.getByRole("heading", { name: revised })).toBeVisible();
      } finally {
        await renameDocument(revised, renamed);
      }

      const onVisible = page.waitForRequest(isRefresh);
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      await onVisible;
      await expect(page.getByRole("heading", { name: renamed, exact: true })).toBeVisible();

      // The failed refresh: fastForward fires the due refresh once and no later timer, so the
      // error toast is not also aged by the fake clock (runFor would run every timer of the
      // minute, the toast's own 4 s among them, when the refresh answers before the minute ends).
      await page.route(
        (url) => url.pathname === list.path,
        (route) => (isRefresh(route.request()) ? route.abort("internetdisconnected") : route.continue()),
      );
      const failed = page.waitForEvent("requestfailed", isRefresh);
      await page.clock.fastForward(60_000);
      await failed;
      await expect(page.getByText(list.loadError, { exact: true })).toBeVisible();
      await expect(page.getByText("Error", { exact: true })).toBeVisible();
      await expect(cards(page)).toHaveCount(list.titles.length);
      await expect(page.getByRole("heading", { level: 1, name: list.heading })).toBeVisible();
    });
  }

  test("the library filters live, shows its loading text and refreshes", async ({ page }) => {
    await page.clock.install();
    await page.goto(`${portal.url}/documents`);
    await pageReady(page);
    await expect(page.getByRole("link", { name: /^Download / }).first()).toBeVisible();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    // The library's request for the words is held from the start: time flows on under the installed
    // clock, and the page's script, ready before the typing starts, could otherwise ask before the
    // hold is in place (the hydrated page's request came later, once it had hydrated).
    const held: (() => void)[] = [];
    const isLibrary = (request: Parameters<typeof isListFetch>[0]) => isListFetch(request, "/documents");
    const library = (url: URL) => url.pathname === "/documents";
    await page.route(library, async (route) => {
      if (isLibrary(route.request())) await new Promise<void>((resolve) => held.push(resolve));
      await route.continue();
    });
    await page.getByLabel("Search documents").pressSequentially("evictions");
    await page.clock.runFor(1_000); // the debounce: the URL follows the box
    await expect(page.getByText("Loading documents...", { exact: true })).toBeVisible();
    await expect.poll(() => held.length).toBe(1);
    held.shift()!();
    await expect(page).toHaveURL(`${portal.url}/documents?q=evictions`);
    await expect(page.getByText("Loading documents...", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Eviction Trends Analysis - Banadir Region" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "CCCM Glossary of Terms and Acronyms" })).toHaveCount(0);
    await page.unroute(library);

    const renamed = "Eviction Trends Analysis - Banadir Region";
    await renameDocument(renamed, `${renamed} (revised)`);
    try {
      const refresh = page.waitForRequest(isLibrary);
      await page.clock.runFor(60_000);
      await refresh;
      await expect(page.getByRole("heading", { name: `${renamed} (revised)` })).toBeVisible();
    } finally {
      await renameDocument(`${renamed} (revised)`, renamed);
    }
    await page.route(library, (route) => (isLibrary(route.request()) ? route.abort("internetdisconnected") : route.continue()));
    const failed = page.waitForEvent("requestfailed", isLibrary);
    await page.clock.fastForward(60_000); // the due refresh only (see the lists' test above)
    await failed;
    await expect(page.getByText("Failed to load documents", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: `${renamed} (revised)` })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});

test.describe("public JSON", () => {
  test("GET /api/public/documents: the spec's items, published only, newest first, categories mapped", async ({ request }) => {
    const get = async (query: string) => {
      const response = await request.get(`${portal.url}/api/public/documents${query}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^application\/json/);
      expect(response.headers()["cache-control"]).toBe("public, max-age=60");
      return (await response.json()) as { id: string; title: string; created_at: string }[];
    };
    for (const list of LISTS) {
      const items = await get(`?category=${list.category}`);
      expect(items.map((i) => i.title).sort()).toEqual([...list.titles].sort());
      for (const item of items) expect(Object.keys(item).sort()).toEqual(["created_at", "description", "id", "size", "tags", "title"]);
      const dates = items.map((i) => i.created_at);
      expect(dates).toEqual([...dates].sort().reverse());
      const found = await get(`?category=${list.category}&q=${encodeURIComponent(list.search.q)}`);
      expect(found.map((i) => i.title).sort()).toEqual([...list.search.titles].sort());
    }
    expect((await get("?category=Standards")).map((i) => i.title).sort()).toEqual([...LISTS[2].titles].sort());
    expect((await get("?category=Guidelines")).length).toBe(LISTS[1].titles.length);
    expect(await get("?category=Nonsense")).toEqual([]);

    const all = await get("");
    expect(all.length).toBe(37); // the demo's 40 documents less its 3 drafts
    for (const q of ["", "?q=safety%20audit", "?q=enumerator", "?q=bulletin", "?category=Report&q=kahda"]) {
      const titles = (await get(q)).map((i) => i.title);
      for (const draft of DRAFTS) expect(titles).not.toContain(draft);
    }
  });
});
