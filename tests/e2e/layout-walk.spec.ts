import { type Browser, expect } from "@playwright/test";
import { signInDemo, startDemoPortal } from "./support/demo-portal";
import { layoutOverflows, settled } from "./support/layout-probe";
import { test } from "./support/test";
import { prepareWalk, type WalkIds, type WalkPage, walkPages } from "./support/walk-pages";

/**
 * Issue 9: every public and admin page, with the demo content, at a phone, a tablet and two
 * laptop widths. No page may scroll sideways or have anything stick out of its box, except inside
 * a container that scrolls sideways on purpose; a page that does is photographed (attached to the
 * result, never committed). One browser context per width; pages are measured once they are
 * hydrated and their fonts are in, never after a fixed wait.
 */
const WIDTHS = [360, 768, 1024, 1280];

/**
 * Titles as people really upload them: a long one made of a file name without spaces (the
 * hardest to lay out), shared, so it stands in the tables, the cards and the document page.
 */
const LONG_TITLE = "Banadir_Regional_Site_Verification_Exercise_Consolidated_Findings_and_Recommendations_2024_FINAL";
const LONG_FOLDER = "Camp Coordination and Camp Management Site Monitoring Tools, Templates and Guidance Notes";

let portal: Awaited<ReturnType<typeof startDemoPortal>>;
let pages: WalkPage[];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // The walk runs in the SQLite pass; the page layout does not depend on the engine.
  let ids: WalkIds | undefined;
  portal = await startDemoPortal((dataDir) => {
    // Long names where people see them: the tables, the cards, the document page, the attachment pages.
    ids = prepareWalk(dataDir, { documentTitle: LONG_TITLE, folderName: LONG_FOLDER, attachmentLabel: `Annex: ${LONG_TITLE}` });
  });
  pages = walkPages(ids!);
});

test.afterAll(async () => {
  await portal?.dispose();
});

async function walk(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  try {
    // Signed out first (public and sign-in pages), then the admin screens signed in.
    const ordered = [...pages.filter((p) => !p.admin), ...pages.filter((p) => p.admin)];
    let signedIn = false;
    for (const visit of ordered) {
      if (visit.admin && !signedIn) {
        await signInDemo(page, portal.url);
        signedIn = true;
      }
      await test.step(`${visit.url} at ${width} px`, async () => {
        await page.goto(`${portal.url}${visit.url}`);
        await settled(page);
        const found = await layoutOverflows(page);
        // A photograph of a page that fails, to see what sticks out. Only then: full-page PNGs of
        // every page at four widths were a large share of the whole browser suite's CPU time.
        if (found.length > 0)
          await test.info().attach(`${width}px ${visit.url}`, {
            body: await page.screenshot({ fullPage: true }),
            contentType: "image/png",
          });
        expect.soft(found, `${visit.url} (route ${visit.route}) at ${width} px:\n  ${found.join("\n  ")}`).toEqual([]);
      });
    }
  } finally {
    await context.close();
  }
}

test.describe("layout walk", () => {
  test("the walk covers every page of the route list", () => {
    const urls = pages.map((p) => p.url);
    // The pages the issue names, as a floor; the list itself comes from app/routes.ts.
    for (const url of ["/", "/documents", "/reports", "/guidelines", "/standards", "/dashboards", "/about", "/api", "/tools/url-decoder"])
      expect(urls).toContain(url);
    for (const url of ["/admin/login", "/admin", "/admin/users", "/admin/folders/quick-setup", "/admin/dashboards/new", "/admin/logs"])
      expect(urls).toContain(url);
    expect(urls.some((u) => /^\/document\/[0-9a-f-]{36}$/.test(u))).toBe(true);
    expect(urls.some((u) => /^\/admin\/documents\/[0-9a-f-]{36}\/edit$/.test(u))).toBe(true);
    expect(urls).toContain("/this-page-does-not-exist");
    expect(pages.length).toBeGreaterThan(40);
  });

  for (const width of WIDTHS) {
    test(`no page scrolls sideways or sticks out at ${width} px`, async ({ browser }) => {
      test.setTimeout(180_000);
      await walk(browser, width);
    });
  }
});
