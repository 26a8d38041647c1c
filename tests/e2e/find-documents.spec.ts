import { expect, type Page } from "@playwright/test";
import { ADMIN, axeViolations, startOwnPortal, stopOwnPortal } from "./support/admin-content";
import { layoutOverflows } from "./support/layout-probe";
import { pageReady } from "./support/page-ready";
import { type RunningPortal, WITHOUT_PAGE_CACHE } from "./support/portal";
import { portalSql } from "./support/portal-data";
import { generatedPdf, signInCookie } from "./support/scale-out";
import { test } from "./support/test";

/**
 * Issue 10, items 1 to 4 on the public side: the reports list and the library with enough
 * documents to page (60, uploaded through the admin upload route), with and without JavaScript:
 * Previous / Next links and out-of-range pages, facets with counts that combine and come off as
 * chips, the sort, word search with a marked snippet, and (with JavaScript) "Load more".
 */

const DISTRICTS = [
  "Kismayo",
  "Baidoa",
  "Hodan",
  "Afgooye",
  "Dollow",
  "Bosaso",
  "Garowe",
  "Hargeisa",
  "Beletweyne",
  "Jowhar",
  "Luuq",
  "Mogadishu",
];
const DAY = 86_400_000;

interface Seed {
  i: number;
  title: string;
  description: string;
  category: "Report" | "Guideline";
  ext: "pdf" | "txt";
  tags: string[];
  partner: "IOM" | "NRC";
  locations: string[];
  /** The document's language: every sixth one Somali. */
  language: "en" | "so";
  createdAt: string;
}

/** 56 reports and 4 guidelines, ten days apart from 2025-01-01 (so 2025 and 2026), titles in another order. */
const SEEDS: Seed[] = Array.from({ length: 60 }, (_, i) => ({
  i,
  title: `${DISTRICTS[i % DISTRICTS.length]} site report ${String(i).padStart(2, "0")}`,
  description:
    i === 7
      ? "Decongestion plan agreed for the Garasbaley settlement with the district authorities and the site committees."
      : `Monitoring round ${i} of the sites in ${DISTRICTS[i % DISTRICTS.length]}: population, shelter and services.`,
  category: i < 56 ? "Report" : "Guideline",
  ext: i % 10 === 9 ? "txt" : "pdf",
  tags: [...(i % 3 === 0 ? ["Evictions"] : []), ...(i % 4 === 0 ? ["Floods"] : []), "Site Monitoring"],
  partner: i % 2 === 0 ? "IOM" : "NRC",
  locations: i % 5 === 0 ? ["Baidoa"] : [],
  language: i % 6 === 5 ? "so" : "en",
  createdAt: new Date(Date.UTC(2025, 0, 1, 9) + i * 10 * DAY).toISOString(),
}));

const REPORTS = SEEDS.filter((s) => s.category === "Report");
const newestFirst = (seeds: Seed[]) => [...seeds].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((s) => s.title);
const byTitle = (seeds: Seed[]) => seeds.map((s) => s.title).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));

let portal: RunningPortal | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  portal = await startOwnPortal(WITHOUT_PAGE_CACHE);
  const base = portal.url;
  const cookie = await signInCookie(base, ADMIN.email, ADMIN.password);
  const pdf = await generatedPdf("Site report", 64);
  for (const seed of SEEDS) {
    const form = new FormData();
    form.set("title", seed.title);
    form.set("description", seed.description);
    form.set("category", seed.category);
    form.set("tags", seed.tags.join(", "));
    form.set("partner", seed.partner);
    for (const location of seed.locations) form.append("locations", location);
    form.set("language", seed.language);
    form.set("published", "true");
    const file =
      seed.ext === "pdf"
        ? new Blob([new Uint8Array(pdf)], { type: "application/pdf" })
        : new Blob([`Site report ${seed.i}\n`], { type: "text/plain" });
    form.set("file", file, `report-${seed.i}.${seed.ext}`);
    const response = await fetch(`${base}/admin/documents`, {
      method: "POST",
      body: form,
      headers: { Accept: "application/json", Origin: base, Cookie: cookie },
    });
    expect(response.status, seed.title).toBe(200);
  }
  for (const seed of SEEDS) await portalSql(portal, "update documents set created_at = ? where title = ?", [seed.createdAt, seed.title]);
  // Dates changed behind the documents service: advance the search state without naming documents
  // (decisions 0018, 0039), so the list index loads them again and no count cached before is used.
  await portalSql(portal, "update search_state set version = version + 1 where id = 1");
});

test.afterAll(async () => stopOwnPortal(portal));

const url = (path: string) => `${portal!.url}${path}`;
/** The cards' titles, in order (retried until they match: a client navigation renders just after the address changes). */
const expectTitles = (page: Page, titles: string[]) =>
  expect(page.getByRole("main").getByRole("article").getByRole("heading")).toHaveText(titles);
const countLine = (page: Page, n: number) => page.getByText(`${n} report(s) found`, { exact: true });
const pager = (page: Page) => page.getByRole("navigation", { name: "Pages of Reports" });
const filters = (page: Page) => page.locator("main details").filter({ has: page.locator("summary", { hasText: "Filters" }) });
const chips = (page: Page) => page.getByRole("list", { name: "Active filters" });

/** Opens the facet panel (it starts closed; without JavaScript every choice loads a new page). */
async function openFilters(page: Page) {
  const panel = filters(page);
  if ((await panel.getAttribute("open")) === null) await panel.locator("summary").click();
  await expect(panel).toHaveAttribute("open", "");
  return panel;
}

/** Clicks a link and waits for the address it leads to (a client navigation or a page load). */
async function follow(page: Page, link: ReturnType<Page["getByRole"]>, path: string) {
  await link.click();
  await expect(page).toHaveURL(url(path));
  await page.waitForLoadState("load");
}

for (const mode of [
  { name: "without JavaScript", javaScriptEnabled: false },
  { name: "with JavaScript", javaScriptEnabled: true },
]) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    /** Hydrated (with JavaScript), so clicks are handled by the app and not by a page load. */
    async function open(page: Page, path: string) {
      await page.goto(url(path));
      if (mode.javaScriptEnabled) await pageReady(page);
    }

    test("paging: Previous and Next links; a page past the end shows the last, a page before the start the first", async ({ page }) => {
      const newest = newestFirst(REPORTS);
      await open(page, "/reports");
      await expect(countLine(page, 56)).toBeVisible();
      await expectTitles(page, newest.slice(0, 24));
      await expect(pager(page)).toContainText("Page 1 of 3");
      await expect(pager(page).getByRole("link", { name: "Previous" })).toHaveCount(0);

      await follow(page, pager(page).getByRole("link", { name: "Next" }), "/reports?page=2");
      await expect(pager(page)).toContainText("Page 2 of 3");
      await expectTitles(page, newest.slice(24, 48));
      await expect(countLine(page, 56)).toBeVisible();
      await expect(pager(page).getByRole("link", { name: "Next" })).toHaveAttribute("rel", "next");
      await expect(pager(page).getByRole("link", { name: "Previous" })).toHaveAttribute("rel", "prev");
      await follow(page, pager(page).getByRole("link", { name: "Previous" }), "/reports");
      await expectTitles(page, newest.slice(0, 24));

      await open(page, "/reports?page=99999999");
      await expect(pager(page)).toContainText("Page 3 of 3");
      await expectTitles(page, newest.slice(48));
      await expect(countLine(page, 56)).toBeVisible();
      await expect(pager(page).getByRole("link", { name: "Next" })).toHaveCount(0);

      await open(page, "/reports?page=-1");
      await expect(pager(page)).toContainText("Page 1 of 3");
      await expectTitles(page, newest.slice(0, 24));
    });

    test("facets narrow the list and its count, combine, show as chips that remove them", async ({ page }) => {
      const evictions = REPORTS.filter((s) => s.tags.includes("Evictions"));
      const evictionsIom = evictions.filter((s) => s.partner === "IOM");
      const iom = REPORTS.filter((s) => s.partner === "IOM");
      await open(page, "/reports");
      await expect(chips(page)).toHaveCount(0);
      let panel = await openFilters(page);
      await expect(panel.getByRole("group", { name: "Tags" }).getByRole("link")).toHaveText([
        `Site Monitoring ${REPORTS.length}`,
        `Evictions ${evictions.length}`,
        `Floods ${REPORTS.filter((s) => s.tags.includes("Floods")).length}`,
      ]);
      await expect(panel.getByRole("group", { name: "File type" }).getByRole("link")).toHaveText(["PDF 51", "Text 5"]);
      await expect(panel.getByRole("group", { name: "Year" }).getByRole("link")).toHaveText(["2026 19", "2025 37"]);

      await follow(page, panel.getByRole("link", { name: `Evictions ${evictions.length}`, exact: true }), "/reports?tag=Evictions");
      await expect(countLine(page, evictions.length)).toBeVisible();
      await expectTitles(page, newestFirst(evictions));
      panel = await openFilters(page);
      const chosen = panel.getByRole("link", { name: `Evictions ${evictions.length}`, exact: true });
      await expect(chosen).toHaveAttribute("aria-current", "true");
      // Counts follow the list: only the chosen tag's documents are counted now.
      await expect(panel.getByRole("group", { name: "Partners" }).getByRole("link")).toHaveText([
        `IOM ${evictionsIom.length}`,
        `NRC ${evictions.length - evictionsIom.length}`,
      ]);

      await follow(
        page,
        panel.getByRole("link", { name: `IOM ${evictionsIom.length}`, exact: true }),
        "/reports?tag=Evictions&partner=IOM",
      );
      await expect(countLine(page, evictionsIom.length)).toBeVisible();
      await expectTitles(page, newestFirst(evictionsIom));
      await expect(chips(page).getByRole("link")).toHaveText(["Tag: Evictions", "Partner: IOM", "Clear all filters"]);
      await expect(page.getByRole("status").filter({ hasText: "found" })).toHaveText(`${evictionsIom.length} report(s) found`);
      await expect(filters(page).locator("summary")).toHaveText("Filters 2 active");

      // A chosen option's link takes it away again.
      panel = await openFilters(page);
      await follow(page, panel.getByRole("link", { name: `Evictions ${evictionsIom.length}`, exact: true }), "/reports?partner=IOM");
      await expect(countLine(page, iom.length)).toBeVisible();

      // A chip removes its one value.
      panel = await openFilters(page);
      await follow(page, panel.getByRole("link", { name: "2025 19", exact: true }), "/reports?year=2025&partner=IOM");
      const iom2025 = iom.filter((s) => s.createdAt.startsWith("2025"));
      await expect(countLine(page, iom2025.length)).toBeVisible();
      await follow(page, chips(page).getByRole("link", { name: "Remove filter Partner: IOM" }), "/reports?year=2025");
      await expect(countLine(page, 37)).toBeVisible();

      // The date range: a GET form (its button works without JavaScript) kept with the other filters.
      panel = await openFilters(page);
      await panel.getByLabel("From").fill("2025-03-01");
      await panel.getByLabel("To").fill("2025-03-31");
      await panel.getByRole("button", { name: "Apply dates" }).click();
      await expect(page).toHaveURL(url("/reports?year=2025&from=2025-03-01&to=2025-03-31"));
      const march = REPORTS.filter((s) => s.createdAt >= "2025-03-01" && s.createdAt < "2025-04-01");
      await expect(countLine(page, march.length)).toBeVisible();
      await expectTitles(page, newestFirst(march));
      await expect(chips(page).getByRole("link")).toHaveText([
        "Year: 2025",
        "From: March 1, 2025",
        "To: March 31, 2025",
        "Clear all filters",
      ]);
      await follow(page, chips(page).getByRole("link", { name: "Clear all filters" }), "/reports");
      await expect(countLine(page, 56)).toBeVisible();
      await expect(chips(page)).toHaveCount(0);
    });

    test("the Language facet counts and narrows the list, shows as a chip; the cards name each document's language", async ({ page }) => {
      const somali = REPORTS.filter((s) => s.language === "so");
      await open(page, "/reports");
      let panel = await openFilters(page);
      await expect(panel.getByRole("group", { name: "Language" }).getByRole("link")).toHaveText([
        `English ${REPORTS.length - somali.length}`,
        `Somali ${somali.length}`,
      ]);
      await follow(page, panel.getByRole("link", { name: `Somali ${somali.length}`, exact: true }), "/reports?language=so");
      await expect(countLine(page, somali.length)).toBeVisible();
      await expectTitles(page, newestFirst(somali));
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards.locator("[data-fact=language]")).toHaveText(somali.map(() => "Somali"));
      // One chip: "Clear all filters" comes with two or more.
      await expect(chips(page).getByRole("link")).toHaveText(["Language: Somali"]);
      await expect(filters(page).locator("summary")).toHaveText("Filters 1 active");
      // It combines with the other facets, and its chosen option takes it away again.
      panel = await openFilters(page);
      const somaliBaidoa = somali.filter((s) => s.locations.includes("Baidoa"));
      expect(somaliBaidoa.length).toBeGreaterThan(0);
      await follow(
        page,
        panel.getByRole("link", { name: `Baidoa ${somaliBaidoa.length}`, exact: true }),
        "/reports?language=so&location=Baidoa",
      );
      await expectTitles(page, newestFirst(somaliBaidoa));
      await follow(page, chips(page).getByRole("link", { name: "Remove filter Language: Somali" }), "/reports?location=Baidoa");
      await expect(countLine(page, REPORTS.filter((s) => s.locations.includes("Baidoa")).length)).toBeVisible();
      // The library's cards name the language too.
      await open(page, "/documents?language=so&sort=title");
      await expect(page.getByRole("main").getByRole("article").first().locator("[data-fact=language]")).toHaveText("Somali");
    });

    test("the library's category buttons count each category and combine with the facets", async ({ page }) => {
      await open(page, "/documents?partner=NRC");
      const nav = page.getByRole("navigation", { name: "Filter by category" });
      const nrc = SEEDS.filter((s) => s.partner === "NRC");
      const nrcGuidelines = nrc.filter((s) => s.category === "Guideline");
      const buttons = () => nav.getByRole("link");
      // Every category has its button (Update too); a category without documents here counts 0.
      await expect(buttons()).toHaveText([
        `All ${nrc.length}`,
        `Report ${nrc.length - nrcGuidelines.length}`,
        "Policy 0",
        `Guideline ${nrcGuidelines.length}`,
        "Training 0",
        "Template 0",
        "Presentation 0",
        "Update 0",
        "Other 0",
      ]);
      const before = await buttons().allTextContents();
      await follow(page, nav.getByRole("link", { name: `Guideline ${nrcGuidelines.length}` }), "/documents?category=Guideline&partner=NRC");
      await expect(nav.getByRole("link", { name: `Guideline ${nrcGuidelines.length}` })).toHaveAttribute("aria-current", "true");
      expect(await buttons().allTextContents()).toEqual(before);
      await expectTitles(page, newestFirst(nrcGuidelines));
      await expect(page.getByRole("main").getByText(`${nrcGuidelines.length} documents`, { exact: true })).toBeVisible();
      await expect(chips(page).getByRole("link")).toHaveText(["Category: Guideline", "Partner: NRC", "Clear all filters"]);
    });

    test("sort: title A–Z and oldest first, with the other filters kept", async ({ page }) => {
      await open(page, "/reports?tag=Site+Monitoring");
      const sort = page.getByLabel("Sort by");
      // Relevance needs words to rank by: it is offered with a search only.
      await expect(sort.locator("option")).toHaveText(["Newest first", "Oldest first", "Title A–Z", "Most downloaded"]);
      await expect(sort).toHaveValue("newest");
      await sort.selectOption("title");
      if (mode.javaScriptEnabled) {
        await expect(page.getByRole("button", { name: "Sort", exact: true })).toHaveCount(0);
      } else {
        await page.getByRole("button", { name: "Sort", exact: true }).click();
      }
      await expect(page).toHaveURL(/[?&]sort=title(&|$)/);
      expect(new URL(page.url()).searchParams.get("tag")).toBe("Site Monitoring");
      await page.waitForLoadState("load");
      await expect(page.getByRole("main").getByRole("article").first().getByRole("heading")).toHaveText(byTitle(REPORTS)[0]!);
      await expectTitles(page, byTitle(REPORTS).slice(0, 24));
      await expect(page.getByLabel("Sort by")).toHaveValue("title");
      // Paging keeps the order.
      await follow(page, pager(page).getByRole("link", { name: "Next" }), "/reports?tag=Site+Monitoring&sort=title&page=2");
      await expectTitles(page, byTitle(REPORTS).slice(24, 48));

      await open(page, "/reports?sort=oldest");
      await expectTitles(page, newestFirst(REPORTS).reverse().slice(0, 24));
    });

    test("search: two words in any order find the document, its snippet marks them; no match shows the empty state", async ({ page }) => {
      await open(page, "/reports");
      const box = page.getByLabel("Search reports");
      if (mode.javaScriptEnabled) {
        // The server answers once typing pauses; no button press.
        await box.pressSequentially("garasbaley decongestion");
      } else {
        await box.fill("garasbaley decongestion");
        await page.getByRole("button", { name: "Search", exact: true }).click();
      }
      await expect(page).toHaveURL(url("/reports?q=garasbaley+decongestion"));
      await expect(countLine(page, 1)).toBeVisible();
      const card = page.getByRole("main").getByRole("article");
      await expect(card).toHaveCount(1);
      await expect(card.getByRole("heading")).toHaveText(SEEDS[7]!.title);
      await expect(card.locator("mark")).toHaveText(["Decongestion", "Garasbaley"]);
      await expect(card.getByText(/Decongestion plan agreed for the Garasbaley settlement/)).toBeVisible();
      await expect(page.getByLabel("Sort by")).toHaveValue("relevance");
      await expect(chips(page).getByRole("link")).toHaveText(['Search: "garasbaley decongestion"']);

      // With a search the cards mark the words; without one they show their description, unmarked.
      await open(page, `/reports?q=${encodeURIComponent("hodan")}`);
      await expect(page.getByRole("main").locator("mark").first()).toBeVisible();
      await open(page, "/reports");
      await expect(page.getByRole("main").locator("mark")).toHaveCount(0);

      await open(page, "/reports?q=zzqx&partner=IOM");
      await expect(countLine(page, 0)).toBeVisible();
      await expect(page.getByText("No reports found matching your criteria.", { exact: true })).toBeVisible();
      await expect(page.getByText("Try adjusting your search terms or filters.", { exact: true })).toBeVisible();
      await expect(pager(page)).toHaveCount(0);
      await follow(page, chips(page).getByRole("link", { name: 'Remove filter Search: "zzqx"' }), "/reports?partner=IOM");
      await expect(countLine(page, REPORTS.filter((s) => s.partner === "IOM").length)).toBeVisible();
    });

    test("axe finds nothing with the facet panel open and chips shown; nothing is wider than a 360 px phone", async ({ browser }) => {
      // Axe and the layout probe run as scripts in the page. For the page without JavaScript, its
      // own scripts are blocked instead: they see the server's HTML as such a reader gets it.
      const context = await browser.newContext({ javaScriptEnabled: true });
      const page = await context.newPage();
      if (!mode.javaScriptEnabled) await page.route(/\/assets\/.+\.js$/, (route) => route.abort());
      try {
        for (const path of [
          "/reports?tag=Evictions&partner=IOM&from=2025-01-01&sort=title",
          "/documents?q=site&category=Report&type=pdf",
        ]) {
          await page.setViewportSize({ width: 1280, height: 900 });
          await open(page, path);
          await openFilters(page);
          await expect(chips(page)).toBeVisible();
          await expect(page.getByRole("button", { name: "Sort", exact: true })).toHaveCount(mode.javaScriptEnabled ? 0 : 1);
          expect(await axeViolations(page), path).toEqual([]);

          await page.setViewportSize({ width: 360, height: 800 });
          await open(page, path);
          await openFilters(page);
          expect(await layoutOverflows(page), `${path} at 360 px`).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        }
      } finally {
        await context.close();
      }
    });
  });
}

test.describe("with JavaScript: Load more", () => {
  test("appends the next page, keeps the address in step, and survives the 60 s refresh", async ({ page }) => {
    const newest = newestFirst(REPORTS);
    await page.clock.install();
    await page.goto(url("/reports"));
    const more = page.getByRole("button", { name: "Load more" });
    await expect(more).toBeVisible(); // the page's script has run
    await expect(page.getByText("Showing 24 of 56", { exact: true })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await more.click();
    await expect(page).toHaveURL(url("/reports?page=2"));
    await expect(page.getByText("Showing 48 of 56", { exact: true })).toBeVisible();
    await expectTitles(page, newest.slice(0, 48));
    await expect(pager(page)).toContainText("Pages 1–2 of 3");
    await expect(countLine(page, 56)).toBeVisible();
    // The focus moves from the button to the first card it brought.
    await expect(page.getByRole("link", { name: newest[24], exact: true })).toBeFocused();

    // The refresh reloads the page the address names (a title changed there shows); the pages above it stay.
    const renamed = newest[30]!;
    const revised = `${renamed} (revised)`;
    const shown = [...newest.slice(0, 30), revised, ...newest.slice(31)];
    await portalSql(portal!, "update documents set title = ? where title = ?", [revised, renamed]);
    try {
      // The page's address fetched as HTML (a page that does not hydrate: decision 0038).
      const refresh = page.waitForRequest((r) => r.resourceType() === "fetch" && new URL(r.url()).pathname === "/reports");
      await page.clock.runFor(60_000);
      expect(new URL((await refresh).url()).searchParams.get("page")).toBe("2");
      await expectTitles(page, shown.slice(0, 48));
    } finally {
      await portalSql(portal!, "update documents set title = ? where title = ?", [renamed, revised]);
    }

    await more.click();
    await expect(page).toHaveURL(url("/reports?page=3"));
    await expect(page.getByText("Showing 56 of 56", { exact: true })).toBeVisible();
    await expectTitles(page, shown);
    await expect(more).toHaveCount(0);
    await expect(pager(page).getByRole("link", { name: "Next" })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Any other change starts again from one page: a filter...
    await page.getByRole("main").locator("details summary").click();
    await page.getByRole("link", { name: /^Floods \d+$/ }).click();
    await expect(page).toHaveURL(url("/reports?tag=Floods"));
    const floods = newestFirst(REPORTS.filter((s) => s.tags.includes("Floods")));
    await expectTitles(page, floods);
    // ...and the address alone (a reload, a shared link) opens the page it names.
    await page.goto(url("/reports?page=3"));
    await expect(more).toHaveCount(0);
    await expectTitles(page, newest.slice(48));
    await expect(pager(page).getByRole("link", { name: "Previous" })).toHaveAttribute("href", "/reports?page=2");
  });

  test("Back from a document opened after Load more shows every page that was shown, where it was", async ({ page }) => {
    const newest = newestFirst(REPORTS);
    await page.goto(url("/reports"));
    const more = page.getByRole("button", { name: "Load more" });
    await more.click();
    await expect(page.getByText("Showing 48 of 56", { exact: true })).toBeVisible();
    const opened = page.getByRole("link", { name: newest[40], exact: true });
    await opened.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);

    await opened.click();
    await expect(page.getByRole("heading", { level: 1, name: newest[40] })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(url("/reports?page=2"));
    await expect(page.getByText("Showing 48 of 56", { exact: true })).toBeVisible();
    await expectTitles(page, newest.slice(0, 48));
    await expect(opened).toBeInViewport();
    await expect(pager(page)).toContainText("Pages 1–2 of 3");
    // Load more goes on from there.
    await more.click();
    await expect(page).toHaveURL(url("/reports?page=3"));
    await expect(page.getByText("Showing 56 of 56", { exact: true })).toBeVisible();

    // A reload still opens the page the address names, alone (the server renders it so).
    await page.reload();
    await expect(page.getByText("Showing 8 of 56", { exact: true })).toBeVisible();
    await expectTitles(page, newest.slice(48));
  });
});
