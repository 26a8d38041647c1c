import { expect, type Page } from "@playwright/test";
import { axeBuilder } from "./support/axe";
import { startDemoPortal } from "./support/demo-portal";
import { pageReady } from "./support/page-ready";
import { type RunningPortal, WITHOUT_PAGE_CACHE } from "./support/portal";
import { portalSql } from "./support/portal-data";
import { test } from "./support/test";

/**
 * Issue 9 (a layout audit at 360, 768, 800, 1024 and 1280 px, with and without JavaScript): the
 * library cards' actions, the header navigation with any number of menu items, the mobile menu,
 * the library's Preview button, the standards list's links, the library filters and the list
 * cards' Share button, on a portal loaded with `portal demo`.
 */
let portal: RunningPortal & { dispose(): Promise<void> };
test.beforeAll(async () => {
  test.setTimeout(180_000);
  portal = await startDemoPortal(undefined, WITHOUT_PAGE_CACHE);
});
test.afterAll(async () => portal?.dispose());

const url = (p: string) => `${portal.url}${p}`;
const AUDIT_WIDTHS = [360, 768, 800, 1024, 1280];
const NAV_WIDTHS = [768, 800, 860, 910, 1024];
const MODES = [
  { name: "with JavaScript", javaScriptEnabled: true },
  { name: "without JavaScript", javaScriptEnabled: false },
];

/** The demo's menu (app/.server/demo/demo.service.ts), in order. */
const DEMO_MENU = [
  { title: "Home", url: "/" },
  { title: "Reports", url: "/reports" },
  { title: "Guidelines", url: "/guidelines" },
  { title: "Standards", url: "/standards" },
  { title: "Documents", url: "/documents" },
  { title: "Dashboard", url: "/dashboards" },
  { title: "About", url: "/about" },
];

/** What staff might add in Settings → navigation menu: long titles make the bar wider still. */
const EXTRA_MENU = [
  { title: "Training Materials", url: "/documents?category=Training", icon: "book-open" },
  { title: "Templates and Tools", url: "/documents?category=Template", icon: "folder" },
  { title: "Situation Updates", url: "/documents?category=Update", icon: "file-text" },
];

async function withExtraMenuItems<T>(run: () => Promise<T>): Promise<T> {
  const ids = EXTRA_MENU.map((_, i) => `e2e-extra-menu-${i}`);
  for (const [i, item] of EXTRA_MENU.entries()) {
    await portalSql(portal, "insert into navigation_menu (id, title, url, icon, display_order, is_active) values (?, ?, ?, ?, ?, 1)", [
      ids[i],
      item.title,
      item.url,
      item.icon,
      100 + i,
    ]);
  }
  try {
    return await run();
  } finally {
    for (const id of ids) await portalSql(portal, "delete from navigation_menu where id = ?", [id]);
  }
}

/** Once React has hydrated the header it has measured whether the bar fits (data-nav). */
async function settle(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await expect(page.locator("header[data-nav]")).toHaveCount(1);
}

/** Every visible element inside the viewport, and no horizontal scrolling. */
async function expectNoOverflow(page: Page, where: string) {
  const report = await page.evaluate(() => {
    const width = window.innerWidth;
    const wide: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const r = el.getBoundingClientRect();
      // Empty boxes and screen-reader-only text (1 px, clipped) take no room.
      if (r.width <= 1 || r.height <= 1) continue;
      if (r.right > width + 0.5 || r.left < -0.5) {
        wide.push(`${el.tagName.toLowerCase()}.${el.getAttribute("class")} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, wide: wide.slice(0, 5) };
  });
  expect(report.wide, where).toEqual([]);
  expect(report.scrollWidth, where).toBeLessThanOrEqual(report.innerWidth);
}

/** The menu's links are all there: in the bar, or (collapsed) behind the menu button. */
async function expectMenuReachable(page: Page, menu: { title: string; url: string }[], where: string) {
  const bar = page.getByRole("navigation", { name: "Main", exact: true });
  if (await bar.isVisible()) {
    for (const item of menu) {
      const link = bar.getByRole("link", { name: item.title, exact: true });
      await expect(link, where).toBeInViewport({ ratio: 1 });
      await expect(link, where).toHaveAttribute("href", item.url);
    }
    await expect(page.locator("header summary"), where).toBeHidden();
    return;
  }
  const button = page.locator("header summary");
  await expect(button, where).toBeVisible();
  await button.click();
  const list = page.getByRole("navigation", { name: "Main (mobile)" });
  for (const item of menu) {
    const link = list.getByRole("link", { name: item.title, exact: true });
    await expect(link, where).toBeInViewport({ ratio: 1 });
    await expect(link, where).toHaveAttribute("href", item.url);
  }
  await button.click();
}

for (const mode of MODES) {
  test.describe(mode.name, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("item 1: every library card keeps its actions inside the card at every width", async ({ page }) => {
      for (const width of AUDIT_WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(url("/documents"));
        await settle(page, mode.javaScriptEnabled);
        const outside = await page.getByRole("main").evaluate((main) => {
          const out: string[] = [];
          for (const card of Array.from(main.querySelectorAll("article"))) {
            const box = card.getBoundingClientRect();
            for (const action of Array.from(card.querySelectorAll("a"))) {
              const r = action.getBoundingClientRect();
              if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.bottom > box.bottom + 0.5) {
                out.push(action.getAttribute("aria-label") ?? action.textContent ?? "");
              }
            }
          }
          return out;
        });
        expect(outside, `${width} px`).toEqual([]);
        await expectNoOverflow(page, `/documents at ${width} px`);
      }
    });

    for (const menu of [
      { name: "the default menu", extra: false },
      { name: "ten menu items", extra: true },
    ]) {
      test(`item 2: the header fits with ${menu.name} at 768 to 1024 px, collapsing into the menu button`, async ({ page }) => {
        const run = async () => {
          const items = menu.extra ? [...DEMO_MENU, ...EXTRA_MENU] : DEMO_MENU;
          for (const width of NAV_WIDTHS) {
            await page.setViewportSize({ width, height: 800 });
            for (const path of ["/", "/documents"]) {
              await page.goto(url(path));
              await settle(page, mode.javaScriptEnabled);
              const where = `${path} at ${width} px`;
              await expectNoOverflow(page, where);
              await expectMenuReachable(page, items, where);
            }
          }
          // Wide enough for the default bar: no menu button.
          if (!menu.extra) {
            await page.setViewportSize({ width: 1280, height: 800 });
            await page.goto(url("/"));
            await settle(page, mode.javaScriptEnabled);
            await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
            await expect(page.locator("header summary")).toBeHidden();
            if (mode.javaScriptEnabled) {
              // The page re-measures when the window narrows, without a reload.
              await page.setViewportSize({ width: 800, height: 800 });
              await expect(page.locator("header")).toHaveAttribute("data-nav", "collapsed");
              await expectNoOverflow(page, "/ narrowed to 800 px");
              await expectMenuReachable(page, items, "/ narrowed to 800 px");
            }
          }
        };
        await (menu.extra ? withExtraMenuItems(run) : run());
      });
    }

    test("item 6: the library's Preview button opens the document with the preview shown, as a counted visit", async ({ page }) => {
      const title = "CCCM Glossary of Terms and Acronyms";
      const [row] = await portalSql<{ id: string; views: number }>(
        portal,
        "select id, view_count as views from documents where title = ?",
        [title],
      );
      const { id, views } = row!;
      // The library is paged (24 cards a page, issue 10): a search brings the card to the first.
      await page.goto(url("/documents?q=glossary"));
      await settle(page, mode.javaScriptEnabled);
      await page.getByRole("link", { name: `Preview ${title}` }).click();
      await expect(page).toHaveURL(new RegExp(`/document/${id}\\?preview=1`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole("link", { name: "Hide Preview" }).or(page.getByRole("button", { name: "Hide Preview" }))).toBeVisible();
      await expect(page.getByLabel("File contents")).toContainText("CCCM CLUSTER SOMALIA");
      const [after] = await portalSql<{ views: number }>(portal, "select view_count as views from documents where id = ?", [id]);
      expect(Number(after!.views)).toBe(Number(views) + 1);
    });

    test("item 7: /standards is linked wherever reports and guidelines are", async ({ page }) => {
      await page.goto(url("/"));
      await expect(page.locator('header a[href="/standards"]').first()).toHaveText("Standards");
      await expect(page.getByRole("region", { name: "Browse by category" }).locator('a[href="/standards"]')).toContainText("Standards");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Standards" })).toHaveAttribute("href", "/standards");
      await page.goto(url("/documents"));
      await expect(page.getByRole("navigation", { name: "Library", exact: true }).getByRole("link", { name: "Standards" })).toHaveAttribute(
        "href",
        "/standards",
      );
      await page.goto(url("/about"));
      await expect(page.getByRole("main").locator('a[href="/standards"]')).toHaveCount(1);
      for (const list of ["/reports", "/guidelines", "/documents"]) {
        await expect(page.getByRole("main").locator(`a[href="${list}"]`).first()).toBeVisible();
      }

      // The default menu (no menu rows active) links it too.
      await portalSql(portal, "update navigation_menu set is_active = 0");
      try {
        await page.goto(url("/"));
        await expect(page.locator('header a[href="/standards"]').first()).toHaveText("Standards");
        await expect(page.getByRole("contentinfo").getByRole("link", { name: "Standards" })).toHaveAttribute("href", "/standards");
      } finally {
        await portalSql(portal, "update navigation_menu set is_active = 1");
      }
    });

    test("item 8: every document is under one of the library's category filters", async ({ page }) => {
      await page.goto(url("/documents"));
      const filters = page.getByRole("navigation", { name: "Filter by category" }).getByRole("link");
      // Each button names its category and (issue 10) how many documents it holds: "Report 9".
      const initial = await filters.allTextContents();
      const buttons = initial.map((text) => {
        const [, name, count] = /^(.+?)\s*(\d+)$/.exec(text.trim())!;
        return { name: name!, count: Number(count) };
      });
      const names = buttons.map((b) => b.name);
      expect(names).toContain("Update");
      // The list is paged (24 cards a page): the header badge carries the exact total.
      const cards = async () => Number(await page.getByRole("main").getByRole("article").count());
      const all = 37;
      await expect(page.getByRole("main").getByText(`${all} documents`, { exact: true })).toBeVisible();
      expect(await cards()).toBe(24);
      expect(buttons[0]).toEqual({ name: "All", count: all });
      let sum = 0;
      for (const { name, count } of buttons.filter((b) => b.name !== "All")) {
        const button = page
          .getByRole("navigation", { name: "Filter by category" })
          .getByRole("link", { name: `${name} ${count}`, exact: true });
        await button.click();
        await expect(page).toHaveURL(url(`/documents?category=${name}`));
        // Without JavaScript the page streams in: count the cards once the whole document is in.
        await page.waitForLoadState("load");
        await expect(button).toHaveAttribute("aria-current", "true");
        // Choosing a category leaves every button's count as it was: each says what choosing it shows.
        expect(await filters.allTextContents()).toEqual(initial);
        await expect(page.getByRole("main").getByText(`${count} documents`, { exact: true })).toBeVisible();
        expect(await cards()).toBe(Math.min(count, 24));
        sum += count;
      }
      expect(sum).toBe(all);
    });
  });
}

test.describe("the mobile menu with JavaScript", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("item 3: choosing a link closes the menu; Escape closes it and returns focus to the menu button", async ({ page }) => {
    await page.goto(url("/"));
    await settle(page, true);
    const button = page.locator("header summary");
    const list = page.getByRole("navigation", { name: "Main (mobile)" });
    await button.click();
    await expect(list).toBeVisible();
    await list.getByRole("link", { name: "Reports", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
    // Home and the lists do not hydrate (decision 0038): the link loads the list as a page (it was a
    // client navigation), whose menu is closed once its script has run.
    await settle(page, true);
    await pageReady(page);
    await expect(list).toBeHidden();

    await button.click();
    await expect(list).toBeVisible();
    // The open menu (and the header's invisible measuring copy) give axe nothing to report.
    const axe = await axeBuilder(page).include("header").analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await list.getByRole("link", { name: "Guidelines", exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
  });
});
