import path from "node:path";
import { type Browser, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { DEMO_ADMIN, startDemoPortal } from "./support/demo-portal";
import { layoutOverflows } from "./support/layout-probe";
import { test } from "./support/test";
import { type WalkIds, type WalkPage, walkPages } from "./support/walk-pages";

/**
 * Issue 9: every public and admin page, with the demo content, at a phone, a tablet and two
 * laptop widths. Each page is photographed (attached to the result, never committed) and must
 * not scroll sideways or have anything stick out of its box, except inside a container that
 * scrolls sideways on purpose. One browser context per width; pages are measured once they are
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
  let ids: WalkIds | undefined;
  // The walk runs in the SQLite pass; the page layout does not depend on the engine.
  portal = await startDemoPortal((dataDir) => {
    const db = new Database(path.join(dataDir, "portal.db"));
    const one = (sql: string) => (db.prepare(sql).get() as { id: string }).id;
    const document = one("select id from documents where published = 1 and file_path is not null order by created_at desc limit 1");
    const folder = one("select id from folders where share_token is not null order by name limit 1");
    // Only the layout is walked: the search index (fed by the documents service) keeps the old title.
    db.prepare("update documents set title = ?, share_token = ? where id = ?").run(
      LONG_TITLE,
      "walk-document-token-0123456789abcdefghijklmnopq",
      document,
    );
    db.prepare("update folders set name = ? where id = ?").run(LONG_FOLDER, folder);
    // An attachment (the document's own stored file, under a long label) for the attachment pages.
    const attachment = "walk-attachment";
    db.prepare(
      "insert into document_attachments (id, document_id, label, file_path, file_type, file_size, mime_type, display_order, created_at) select ?, id, ?, file_path, file_ext, size, mime_type, 0, created_at from documents where id = ?",
    ).run(attachment, `Annex: ${LONG_TITLE}`, document);
    ids = {
      document,
      attachment,
      documentToken: "walk-document-token-0123456789abcdefghijklmnopq",
      dashboard: one("select id from dashboards order by display_order limit 1"),
      folder,
      folderToken: (db.prepare("select share_token as id from folders where id = ?").get(folder) as { id: string }).id,
      user: one("select id from users where password_hash is not null order by created_at limit 1"),
    };
    db.close();
  });
  pages = walkPages(ids!);
});

test.afterAll(async () => {
  await portal?.dispose();
});

async function signIn(page: Page) {
  await page.goto(`${portal.url}/admin/login`);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${portal.url}/admin`);
}

/** Shown as a person sees it: React has hydrated the document (its fibres are on <body>) and the fonts are in. */
async function settled(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function walk(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  try {
    // Signed out first (public and sign-in pages), then the admin screens signed in.
    const ordered = [...pages.filter((p) => !p.admin), ...pages.filter((p) => p.admin)];
    let signedIn = false;
    for (const visit of ordered) {
      if (visit.admin && !signedIn) {
        await signIn(page);
        signedIn = true;
      }
      await test.step(`${visit.url} at ${width} px`, async () => {
        await page.goto(`${portal.url}${visit.url}`);
        await settled(page);
        await test.info().attach(`${width}px ${visit.url}`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: "image/png",
        });
        const found = await layoutOverflows(page);
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
    for (const url of ["/", "/documents", "/reports", "/guidelines", "/standards", "/dashboards", "/about", "/tools/url-decoder"])
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
