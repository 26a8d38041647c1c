import path from "node:path";
import { type Browser, expect, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { DEMO_ADMIN, startDemoPortal } from "./support/demo-portal";
import { test } from "./support/test";
import { recordToasts, routerSettled, settledBox, toastsSeen } from "./support/toasts";

/**
 * Issue 9 items 4 and 5 on the demo content: the admin tables fit or scroll inside their own box
 * with their actions always in view; the role pickers have room; the chart's day labels do not
 * overlap; an action gives one toast, and toasts stay clear of Logout and of a dialog's controls.
 */
const LONG_TITLE = "Banadir Regional Site Verification Exercise: Consolidated Findings and Recommendations for Partners 2024";
const WIDTHS = [1280, 1024, 360];

let portal: Awaited<ReturnType<typeof startDemoPortal>>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startDemoPortal((dataDir) => {
    const db = new Database(path.join(dataDir, "portal.db"));
    // A long title, and share links for a few documents, so the Shareable Links tables have rows.
    const docs = db.prepare("select id from documents where published = 1 order by created_at desc limit 3").all() as Array<{ id: string }>;
    db.prepare("update documents set title = ? where id = ?").run(LONG_TITLE, docs[0]!.id);
    for (const [i, d] of docs.entries())
      db.prepare("update documents set share_token = ? where id = ?").run(`layout-share-token-${i}-abcdefghijklmnopqrstuvwxyz0123`, d.id);
    db.close();
  });
  // Views and downloads, so the analytics tables have rows.
  const list = (await (await fetch(`${portal.url}/api/public/documents`)).json()) as Array<{ id: string }>;
  for (const { id } of list.slice(0, 4)) {
    await fetch(`${portal.url}/document/${id}`);
    await fetch(`${portal.url}/api/documents/${id}/download`);
  }
});

test.afterAll(async () => {
  await portal?.dispose();
});

async function adminPage(browser: Browser, width: number, height = 800): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await recordToasts(page);
  await page.goto(`${portal.url}/admin/login`);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${portal.url}/admin`);
  return page;
}

async function open(page: Page, pathname: string) {
  await page.goto(`${portal.url}${pathname}`);
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));
}

interface TableFit {
  name: string;
  /** The table's own box scrolls sideways (or it fits), is focusable when it scrolls, and stays inside the page. */
  boxed: boolean;
  scrolls: boolean;
  focusable: boolean;
  /** Action controls (of the "Actions" column) that are not fully in view without scrolling the box. */
  hiddenActions: string[];
}

/** Every table on the page: its box, and whether each row's actions are in view. */
function measureTables(page: Page): Promise<TableFit[]> {
  return page.evaluate(() => {
    const main = document.querySelector("main")!.getBoundingClientRect();
    return [...document.querySelectorAll("main table")].map((table, index) => {
      let box: HTMLElement | null = table.parentElement;
      while (box && !["auto", "scroll"].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
      const name = box?.getAttribute("aria-label") ?? `table ${index + 1}`;
      if (!box) return { name, boxed: false, scrolls: false, focusable: false, hiddenActions: [] };
      const rect = box.getBoundingClientRect();
      const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
      const column = headers.indexOf("Actions");
      const hiddenActions: string[] = [];
      if (column >= 0) {
        for (const row of table.querySelectorAll("tbody tr")) {
          for (const control of row.children[column]?.querySelectorAll("button, a, select") ?? []) {
            const r = control.getBoundingClientRect();
            if (r.width === 0) continue;
            if (r.left < rect.left + box.clientLeft - 1 || r.right > rect.left + box.clientLeft + box.clientWidth + 1)
              hiddenActions.push(control.getAttribute("aria-label") ?? control.textContent?.trim() ?? control.localName);
          }
        }
      }
      return {
        name,
        boxed: rect.left >= main.left - 1 && rect.right <= main.right + 1,
        scrolls: box.scrollWidth > box.clientWidth + 1,
        focusable: box.tabIndex === 0,
        hiddenActions,
      };
    });
  });
}

const TABLE_PAGES = [
  "/admin/documents",
  "/admin/dashboards",
  "/admin/users",
  "/admin/shareable-links",
  "/admin/security",
  "/admin/analytics",
];
/** At a laptop's width these fit whole, as the issue asks: nothing to scroll. */
const FIT_AT_1280 = ["/admin/documents", "/admin/users", "/admin/shareable-links", "/admin/analytics"];

for (const width of WIDTHS) {
  test(`admin tables fit or scroll in their own box with their actions in view at ${width} px`, async ({ browser }) => {
    const page = await adminPage(browser, width);
    for (const pathname of TABLE_PAGES) {
      await open(page, pathname);
      const tables = await measureTables(page);
      expect(tables.length, `${pathname} has tables`).toBeGreaterThan(0);
      for (const t of tables) {
        const where = `${pathname} at ${width} px, ${t.name}`;
        expect.soft(t.boxed, `${where}: the table scrolls in a box of its own inside the page`).toBe(true);
        expect.soft(t.hiddenActions, `${where}: actions out of view`).toEqual([]);
        if (t.scrolls) expect.soft(t.focusable, `${where}: a box that scrolls can be focused to scroll it by keyboard`).toBe(true);
        if (width === 1280 && FIT_AT_1280.includes(pathname)) expect.soft(t.scrolls, `${where}: fits without scrolling`).toBe(false);
      }
    }
    // A long title is cut short in the table, and the whole title is still there to read.
    await open(page, "/admin/documents");
    const title = page.locator("main table").getByTitle(LONG_TITLE, { exact: true });
    await expect(title).toBeVisible();
    const { shown, full } = await title.evaluate((el) => ({ shown: el.getBoundingClientRect().height, full: el.scrollHeight }));
    expect(full, "the long title is cut short").toBeGreaterThan(shown);
    await page.context().close();
  });
}

test("the role picker and its button have room on one line at 1280 and 1024 px", async ({ browser }) => {
  for (const width of [1280, 1024]) {
    const page = await adminPage(browser, width);
    await open(page, "/admin/users");
    const select = page.getByLabel(`Role for ${DEMO_ADMIN.email}`);
    const button = page.getByRole("button", { name: `Change role of ${DEMO_ADMIN.email}` });
    const [s, b] = [await box(select), await box(button)];
    expect(Math.abs(s.y + s.height / 2 - (b.y + b.height / 2)), `${width} px: picker and button on one line`).toBeLessThan(4);
    const lineHeight = await button.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(b.height, `${width} px: "Change role" on one line`).toBeLessThan(lineHeight * 2);
    expect(await select.evaluate((el: HTMLSelectElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.context().close();
  }
});

test("the analytics chart's day labels never overlap", async ({ browser }) => {
  for (const width of WIDTHS) {
    const page = await adminPage(browser, width);
    for (const days of ["7", "30", "90"]) {
      await open(page, `/admin/analytics?period=${days}`);
      const labels = await page.locator("figure svg text[text-anchor=middle]").evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { text: el.textContent ?? "", left: r.left, right: r.right };
        }),
      );
      expect(labels.length, `${days} days at ${width} px: day labels`).toBeGreaterThan(1);
      for (let i = 1; i < labels.length; i++)
        expect
          .soft(labels[i]!.left, `${days} days at ${width} px: "${labels[i - 1]!.text}" and "${labels[i]!.text}" overlap`)
          .toBeGreaterThan(labels[i - 1]!.right + 2);
    }
    await page.context().close();
  }
});

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error("not shown");
  return b;
}

type Box = { x: number; y: number; width: number; height: number };

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The part of `inner` that `outer` shows (a scrolling dialog hides what is scrolled out), or null. */
function visiblePart(inner: Box, outer: Box): Box | null {
  const x = Math.max(inner.x, outer.x);
  const y = Math.max(inner.y, outer.y);
  const width = Math.min(inner.x + inner.width, outer.x + outer.width) - x;
  const height = Math.min(inner.y + inner.height, outer.y + outer.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

test("one toast per action: a failed sign-in, a save, a delete", async ({ browser }) => {
  // Five round trips, four of them waiting for the router to settle, and a delete on a throttled
  // CPU: a few seconds alone, but it once ran out of the default minute on a loaded CI machine.
  test.setTimeout(90_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await recordToasts(page);
  await page.goto(`${portal.url}/admin/login`);
  for (const attempt of [1, 2]) {
    await page.getByLabel("Email").fill(DEMO_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(`wrong-password-${attempt}`);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText(`${5 - attempt} attempts remaining`).first()).toBeVisible();
    // The toast follows the form's own message once the toaster has loaded (on first use).
    await expect.poll(async () => (await toastsSeen(page, "Authentication Failed")).length, `toast of attempt ${attempt}`).toBe(attempt);
    await routerSettled(page);
    // Typing again re-renders the page; it must not say the last failure again.
    await page.getByLabel("Password", { exact: true }).fill("typing");
    await routerSettled(page);
    expect(await toastsSeen(page, "Authentication Failed"), `after attempt ${attempt}`).toHaveLength(attempt);
  }

  await page.getByLabel("Password", { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${portal.url}/admin`);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Welcome to the admin portal" })).toBeVisible();
  await routerSettled(page);
  expect(await toastsSeen(page, "Welcome to the admin portal")).toHaveLength(1);

  await page.getByRole("link", { name: "Documents" }).click();
  await expect(page.getByRole("heading", { name: "Documents", level: 1 })).toBeVisible();
  await page
    .getByRole("button", { name: /^Edit / })
    .first()
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Document Updated" })).toBeVisible();
  await routerSettled(page);
  expect(await toastsSeen(page, "Document Updated")).toHaveLength(1);

  await page
    .getByRole("button", { name: /^Delete / })
    .first()
    .click();
  // A slow phone: the deleted row's re-render is still going when the revalidated list arrives,
  // which once lost the toast with the row (a loaded CI machine did the same).
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 8 });
  await page.getByRole("dialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Document deleted" })).toBeVisible();
  await routerSettled(page);
  expect(await toastsSeen(page, "Document deleted")).toHaveLength(1);
  await context.close();
});

for (const width of [1280, 360]) {
  test(`toasts stay clear of Logout and of an open dialog's controls at ${width} px`, async ({ browser }) => {
    const page = await adminPage(browser, width);
    const welcome = page.locator("[data-sonner-toast]").filter({ hasText: "Welcome to the admin portal" });
    await expect(welcome).toBeVisible();
    const logout = await box(page.getByRole("button", { name: "Logout" }));
    expect(intersects(await settledBox(welcome), logout), "the welcome toast covers Logout").toBe(false);

    // A refusal while the Edit Document dialog stays open: its toast must leave the dialog's controls free.
    await open(page, "/admin/documents");
    await page
      .getByRole("button", { name: /^Edit / })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/^Title/).fill("");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    const refusal = page.locator("[data-sonner-toast][data-type=error]").first();
    await expect(refusal).toBeVisible();
    const toastBox = await settledBox(refusal);
    // The dialog scrolls: a control scrolled out of its view is hidden by the dialog, not the toast,
    // and comes up into the dialog's visible part (which the toast must leave free) when scrolled to.
    const dialogBox = await box(dialog);
    let checked = 0;
    for (const control of await dialog.getByRole("button").all()) {
      const shown = visiblePart(await box(control), dialogBox);
      if (!shown) continue;
      checked++;
      const name = (await control.getAttribute("aria-label")) ?? (await control.textContent());
      expect.soft(intersects(toastBox, shown), `the toast covers the dialog's "${name}"`).toBe(false);
    }
    expect(checked, "the dialog shows some controls").toBeGreaterThan(0);
    await page.context().close();
  });
}
