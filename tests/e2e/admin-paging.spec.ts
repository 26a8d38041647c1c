import { type Browser, expect, type Page } from "@playwright/test";
import { axeViolations } from "./support/admin-content";
import { DEMO_ADMIN, startDemoPortal } from "./support/demo-portal";
import { pageReady } from "./support/page-ready";
import { portalSql } from "./support/portal-data";
import { test } from "./support/test";

/**
 * Issue 10 item 1, the admin side: the admin tables and the shared folder page one page at a time,
 * with the page and its size in the address (`?page=`, `?per=`), so they work without JavaScript;
 * the Documents table's search and status filter narrow the list and its count; hostile page
 * values never give a server error. On the demo content (40 documents, 3 of them drafts, 11
 * folders), with accounts and share links added.
 */
let portal: Awaited<ReturnType<typeof startDemoPortal>>;
let sharedFolder: { id: string; token: string };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  portal = await startDemoPortal();
  // 14 more accounts, older than the demo admin: 15 in all, two pages of 12.
  const at = (i: number) => new Date(Date.UTC(2020, 0, 1, 8, 0, i)).toISOString();
  for (let i = 1; i <= 14; i++) {
    await portalSql(
      portal,
      "insert into users (id, email, name, organization, role, password_hash, is_active, login_count, last_login_at, created_at, updated_at) values (?, ?, ?, ?, 'user', null, 1, 0, null, ?, ?)",
      [`00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, `person${i}@example.org`, `Person ${i}`, "IOM", at(i), at(i)],
    );
  }
  // Share links for 15 documents: two pages of 12.
  const docs = await portalSql<{ id: string }>(portal, "select id from documents order by created_at desc, id desc limit 15");
  for (const [i, d] of docs.entries()) {
    await portalSql(portal, "update documents set share_token = ? where id = ?", [
      `paging-share-token-${String(i).padStart(2, "0")}-abcdefghijklmnopqrstuv`,
      d.id,
    ]);
  }
  // One public shared folder holding 20 published documents: two pages of 12.
  const [folder] = await portalSql<{ id: string; share_token: string }>(
    portal,
    "select id, share_token from folders where share_token is not null and is_public = 1 order by name limit 1",
  );
  sharedFolder = { id: folder!.id, token: folder!.share_token };
  await portalSql(portal, "update documents set folder_id = null where folder_id = ?", [sharedFolder.id]);
  const published = await portalSql<{ id: string }>(
    portal,
    "select id from documents where published = 1 order by created_at, id limit 20",
  );
  for (const d of published) await portalSql(portal, "update documents set folder_id = ? where id = ?", [sharedFolder.id, d.id]);
});

test.afterAll(async () => {
  await portal?.dispose();
});

test.use({ javaScriptEnabled: false });

async function signIn(page: Page, to: string) {
  await page.goto(`${portal.url}/admin/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${portal.url}${to}`);
}

/**
 * Axe over the page in view, opened again with JavaScript (axe runs as a script; the markup of the
 * pager and the filters is the same either way), signed in as the page is.
 */
async function axeOf(browser: Browser, page: Page): Promise<unknown[]> {
  const context = await browser.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState() });
  try {
    const probe = await context.newPage();
    await probe.goto(page.url());
    // Its scripts have run: an admin page hydrates, a public one (the shared folder) is enhanced.
    await pageReady(probe);
    return await axeViolations(probe, "main");
  } finally {
    await context.close();
  }
}

/** The rows of a table's body (its header row aside). */
const bodyRows = (page: Page, table: string) => page.getByRole("region", { name: table }).locator("tbody tr");

async function titles(page: Page): Promise<string[]> {
  return bodyRows(page, "Documents table").locator("td:first-child").allInnerTexts();
}

test("the documents table pages without JavaScript, and its search and status filter narrow the list and the count", async ({
  page,
  browser,
}) => {
  await signIn(page, "/admin/documents?per=12");
  const heading = page.getByRole("heading", { level: 2, name: /documents \(/ });
  await expect(heading).toHaveText("All documents (40)");
  await expect(bodyRows(page, "Documents table")).toHaveCount(12);
  const pager = page.getByRole("navigation", { name: "Pages of documents" });
  await expect(pager).toContainText("Page 1 of 4");
  const first = await titles(page);

  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page).toHaveURL(/[?&]per=12\b/);
  await expect(pager).toContainText("Page 2 of 4");
  const second = await titles(page);
  expect(second).toHaveLength(12);
  expect(second.filter((t) => first.includes(t))).toEqual([]);

  // The last page holds the rest; a page past the end shows it too.
  await page.goto(`${portal.url}/admin/documents?per=12&page=99999999`);
  await expect(pager).toContainText("Page 4 of 4");
  await expect(bodyRows(page, "Documents table")).toHaveCount(4);
  await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);

  // Status: the demo's three drafts, counted in the heading.
  await page.getByLabel("Filter by status").selectOption({ label: "Draft" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]state=draft\b/);
  await expect(heading).toHaveText("Matching documents (3)");
  await expect(bodyRows(page, "Documents table")).toHaveCount(3);
  for (const row of await bodyRows(page, "Documents table").all()) await expect(row).toContainText("Draft");
  await expect(pager).toHaveCount(0);

  // Search words: the ranked search; the count is exact and the rows are the matches.
  await page.getByLabel("Filter by status").selectOption({ label: "Published and drafts" });
  await page.getByLabel("Search words").fill("Baidoa");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]q=Baidoa\b/);
  const matched = Number(/\((\d+)\)/.exec((await heading.textContent()) ?? "")?.[1]);
  expect(matched).toBeGreaterThan(0);
  expect(matched).toBeLessThan(40);
  await expect(heading).toHaveText(`Matching documents (${matched})`);
  await expect(bodyRows(page, "Documents table")).toHaveCount(Math.min(matched, 12));
  await expect(page.getByRole("cell", { name: "Baidoa IDP Site Monitoring Report - Round 12", exact: true })).toBeVisible();
  expect(await axeOf(browser, page)).toEqual([]);

  // Nothing matches: the spec's empty state, and a way back.
  await page.getByLabel("Search words").fill("zzzz nothing matches this");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(heading).toHaveText("Matching documents (0)");
  await expect(page.getByText("No Documents Found")).toBeVisible();
  await page.getByRole("link", { name: "Show all documents" }).click();
  await expect(heading).toHaveText("All documents (40)");
  await expect(bodyRows(page, "Documents table")).toHaveCount(40);
});

test("the users and shareable links tables page without JavaScript", async ({ page, browser }) => {
  await signIn(page, "/admin/users?per=12");
  await expect(page.getByRole("heading", { level: 2, name: "All users (15)" })).toBeVisible();
  await expect(bodyRows(page, "Users table")).toHaveCount(12);
  const users = page.getByRole("navigation", { name: "Pages of users" });
  await expect(users).toContainText("Page 1 of 2");
  const firstUsers = await bodyRows(page, "Users table").locator("td:nth-child(2)").allInnerTexts();
  expect(firstUsers.slice(0, 2)).toEqual([DEMO_ADMIN.email, "person14@example.org"]);
  await users.getByRole("link", { name: "Next" }).click();
  await expect(users).toContainText("Page 2 of 2");
  const secondUsers = await bodyRows(page, "Users table").locator("td:nth-child(2)").allInnerTexts();
  expect(secondUsers).toEqual(["person3@example.org", "person2@example.org", "person1@example.org"]);
  // Refresh without JavaScript reloads the page in view.
  await expect(page.getByRole("link", { name: "Refresh" })).toHaveAttribute("href", "/admin/users?per=12&page=2");
  expect(await axeOf(browser, page)).toEqual([]);
  await users.getByRole("link", { name: "Previous" }).click();
  await expect(users).toContainText("Page 1 of 2");

  await page.goto(`${portal.url}/admin/shareable-links?per=12`);
  await expect(page.getByRole("heading", { level: 2, name: "Documents (15)" })).toBeVisible();
  await expect(bodyRows(page, "Shared documents table")).toHaveCount(12);
  const shared = page.getByRole("navigation", { name: "Pages of shared documents" });
  await shared.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(bodyRows(page, "Shared documents table")).toHaveCount(3);
  await expect(shared).toContainText("Page 2 of 2");
  // The pickers: 25 documents have no link, all offered.
  await expect(page.getByLabel("Document without a link").locator("option")).toHaveCount(25);
  // Revoking a link on page 2 comes back to page 2.
  const last = bodyRows(page, "Shared documents table").last();
  const title = (await last.locator("th").textContent())?.trim();
  await last.getByRole("button", { name: `Revoke link of ${title}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link revoked" }).first()).toBeVisible();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(page.getByRole("heading", { level: 2, name: "Documents (14)" })).toBeVisible();
  await expect(bodyRows(page, "Shared documents table")).toHaveCount(2);
  expect(await axeOf(browser, page)).toEqual([]);
});

test("the shared folder pages its documents, 12 a page here, and only opening the link counts a view", async ({ page, browser }) => {
  const views = async () =>
    Number(
      (await portalSql<{ view_count: number }>(portal, "select view_count from folders where id = ?", [sharedFolder.id]))[0]!.view_count,
    );
  const before = await views();
  await page.goto(`${portal.url}/shared/folder/${sharedFolder.token}?per=12`);
  const pager = page.getByRole("navigation", { name: /^Pages of / });
  await expect(pager).toContainText("Page 1 of 2");
  const list = page.getByRole("list", { name: /^Documents in / });
  await expect(list.locator(":scope > li")).toHaveCount(12);
  await expect(page.getByText("20 documents")).toBeVisible();
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(pager).toContainText("Page 2 of 2");
  await expect(list.locator(":scope > li")).toHaveCount(8);
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(pager).toContainText("Page 1 of 2");
  expect(await views()).toBe(before + 1);
  expect(await axeOf(browser, page)).toEqual([]);
});

test("hostile page and per values never give a server error", async ({ page }) => {
  await signIn(page, "/admin");
  const [folder] = await portalSql<{ id: string }>(portal, "select id from folders order by name limit 1");
  const paths = [
    "/admin/documents",
    "/admin/users",
    "/admin/folders",
    `/admin/folders/${folder!.id}`,
    "/admin/shareable-links",
    "/admin/security",
    "/admin/logs",
    `/shared/folder/${sharedFolder.token}`,
  ];
  const values = [
    "page=-1",
    "page=0",
    "page=1e309",
    "page=99999999",
    "page=abc",
    "per=100000",
    "per=-1",
    "per=abc",
    "page=1e309&per=1e309",
    "page=99999999&per=100000",
    "page=%00&per=%00",
    "page=1&page=-1",
    "fpage=-1&fpage=99999999",
    "period=toString&state=constructor&sort=__proto__",
  ];
  for (const path of paths) {
    for (const value of values) {
      const response = await page.request.get(`${portal.url}${path}?${value}`, { maxRedirects: 0 });
      expect(response.status(), `${path}?${value}`).toBe(200);
    }
  }
  // A page past the end shows the last page, with its rows.
  await page.goto(`${portal.url}/admin/documents?page=99999999`);
  await expect(page.getByRole("heading", { level: 2, name: "All documents (40)" })).toBeVisible();
  await expect(bodyRows(page, "Documents table")).toHaveCount(40);
  await page.goto(`${portal.url}/shared/folder/${sharedFolder.token}?page=99999999&per=12`);
  await expect(page.getByRole("navigation", { name: /^Pages of / })).toContainText("Page 2 of 2");
});
