import path from "node:path";
import { expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { axeBuilder } from "./support/axe";
import { startDemoPortal } from "./support/demo-portal";
import type { RunningPortal } from "./support/portal";
import { test } from "./support/test";

/**
 * Issue 3: axe reports no violations on any public page, and every page is
 * usable at 360 px (nothing wider than the screen). Runs on the demo content.
 */
let portal: RunningPortal & { dispose(): Promise<void> };
let pages: string[];

test.beforeAll(async () => {
  portal = await startDemoPortal();
  const db = new Database(path.join(portal.dataDir, "portal.db"), { readonly: true });
  const doc = db.prepare("select id from documents where published = 1 and file_ext = 'pdf' order by created_at desc limit 1").get() as {
    id: string;
  };
  const dashboard = db.prepare("select id from dashboards where is_public = 1 order by display_order limit 1").get() as { id: string };
  const folder = db.prepare("select share_token from folders where share_token is not null and is_public = 1 limit 1").get() as {
    share_token: string;
  };
  db.close();
  pages = [
    "/",
    "/documents",
    "/documents?q=zzzz-no-match",
    "/reports",
    "/guidelines",
    "/standards",
    "/dashboards",
    `/dashboards/${dashboard.id}`,
    "/about",
    // The public API's page for developers (decision 0035).
    "/api",
    `/document/${doc.id}`,
    `/document/${doc.id}?preview=1`,
    "/document/00000000-0000-4000-8000-000000000000",
    `/shared/folder/${folder.share_token}`,
    "/unauthorized",
    "/saved",
    "/offline",
    "/no-such-page",
    "/admin/login",
  ];
});
test.afterAll(async () => portal?.dispose());

async function axe(page: Page) {
  const results = await axeBuilder(page).analyze();
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
}

for (const width of [1280, 360]) {
  test(`public pages have no axe violations and fit ${width} px`, async ({ browser }) => {
    // Sixteen pages, each loaded, left to settle and checked by axe (a few seconds on the longest
    // lists): about 45 s on a quiet machine, more beside another Playwright worker.
    test.setTimeout(180_000);
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    for (const url of pages) {
      await page.goto(`${portal.url}${url}`);
      await page.waitForLoadState("networkidle").catch(() => {});
      expect(await axe(page), url).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${url} is wider than the screen`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
}
