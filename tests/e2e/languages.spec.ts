import { type Browser, expect } from "@playwright/test";
import { axeBuilder } from "./support/axe";
import { signInDemo, startDemoPortal } from "./support/demo-portal";
import { layoutOverflows, settled } from "./support/layout-probe";
import { test } from "./support/test";
import { prepareWalk, type WalkIds, type WalkPage, walkPages } from "./support/walk-pages";

/**
 * Issue 14: choosing the language in a real browser, and every page in both languages checked by
 * axe at a phone's width; in Somali, whose texts run longer, nothing may stick out at 360 px.
 * (translations.spec.ts checks that the texts come from the catalogue; the page cache's key is
 * checked over HTTP in app/.server/http/page-cache-http.int.test.ts.)
 */
let portal: Awaited<ReturnType<typeof startDemoPortal>>;
let pages: WalkPage[];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  let ids: WalkIds | undefined;
  portal = await startDemoPortal((dataDir) => {
    ids = prepareWalk(dataDir, { attachmentLabel: "Lifaaq: warbixinta qiimaynta goobaha" });
  });
  pages = walkPages(ids!);
});

test.afterAll(async () => {
  await portal?.dispose();
});

test("without JavaScript, the switch changes the language and keeps the page and its query", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
  const page = await context.newPage();
  const address = `${portal.url}/reports?q=camp&sort=title`;
  await page.goto(address);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reports");

  // The switch names the other language in that language, in the header of the page.
  await page.getByRole("banner").getByRole("button", { name: "Soomaali" }).click();
  await expect(page).toHaveURL(address);
  await expect(page.locator("html")).toHaveAttribute("lang", "so");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Warbixinno");
  await expect(page.getByRole("searchbox").first()).toHaveValue("camp");
  expect((await context.cookies()).find((c) => c.name === "lang")?.value).toBe("so");

  // The choice is kept: another page opens in Somali, and English is one press away.
  await page.goto(`${portal.url}/about`);
  await expect(page.locator("html")).toHaveAttribute("lang", "so");
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await expect(page).toHaveURL(`${portal.url}/about`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.close();
});

test("before any choice the browser's languages decide; a choice outweighs them", async ({ browser }) => {
  const context = await browser.newContext({ locale: "so-SO" });
  const page = await context.newPage();
  await page.goto(`${portal.url}/documents`);
  await expect(page.locator("html")).toHaveAttribute("lang", "so");
  await settled(page);
  // With JavaScript the same switch: the page comes back whole in English, its address unchanged.
  await page.getByRole("banner").getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page).toHaveURL(`${portal.url}/documents`);
  await page.goto(`${portal.url}/dashboards`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await context.close();
});

/**
 * Axe over the walk's pages in one language at 360 px; in Somali, the layout too. In English the
 * public pages are accessibility.spec.ts's (at 360 and 1280 px), so only the admin pages are walked here.
 */
async function walkIn(browser: Browser, language: "en" | "so") {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const url = new URL(portal.url);
  await context.addCookies([{ name: "lang", value: language, domain: url.hostname, path: "/" }]);
  const page = await context.newPage();
  try {
    const ordered = [...(language === "so" ? pages.filter((p) => !p.admin) : []), ...pages.filter((p) => p.admin)];
    let signedIn = false;
    for (const visit of ordered) {
      if (visit.admin && !signedIn) {
        // Signing in is in English (the helper knows the English labels); the cookie comes back after.
        await context.clearCookies({ name: "lang" });
        await signInDemo(page, portal.url);
        await context.addCookies([{ name: "lang", value: language, domain: url.hostname, path: "/" }]);
        signedIn = true;
      }
      await test.step(`${visit.url} in ${language}`, async () => {
        await page.goto(`${portal.url}${visit.url}`);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.lang), visit.url).toBe(language);
        // The toasts are the toast library's own styling, checked where they are set up.
        const { violations } = await axeBuilder(page).exclude("[data-sonner-toaster]").analyze();
        const found = violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3)}`);
        expect.soft(found, `axe on ${visit.url} (route ${visit.route}) in ${language}`).toEqual([]);
        if (language === "so") {
          const overflows = await layoutOverflows(page);
          expect.soft(overflows, `${visit.url} in Somali at 360 px:\n  ${overflows.join("\n  ")}`).toEqual([]);
        }
      });
    }
  } finally {
    await context.close();
  }
}

for (const language of ["so", "en"] as const) {
  test(`${language === "so" ? "every page in Somali" : "the admin pages in English"} at 360 px: no axe violation${language === "so" ? ", nothing sticks out" : ""}`, async ({
    browser,
  }) => {
    test.setTimeout(480_000);
    await walkIn(browser, language);
  });
}
