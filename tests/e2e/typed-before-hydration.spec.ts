import { expect, type Page } from "@playwright/test";
import { ADMIN } from "./global-setup";
import { pageReady } from "./support/page-ready";
import { test } from "./support/test";

/**
 * On a slow link a page is painted and usable seconds before its JavaScript takes over. What the
 * reader types meanwhile must survive hydration (lib/typed-before-hydration.ts): React gives a
 * controlled field the value it holds, which used to wipe it. The page's scripts are held back
 * here until the typing is done, as a slow link would.
 */
const base = () => process.env.PORTAL_URL!;

async function openWithScriptsHeld(page: Page, pathname: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**", async (route) => {
    await held;
    await route.continue();
  });
  // Not "domcontentloaded": a page that does not hydrate names its script as a module of its own,
  // which the document's DOMContentLoaded waits for (decision 0038). The fields are there to type
  // in as soon as they are parsed; the test's typing waits for them.
  await page.goto(`${base()}${pathname}`, { waitUntil: "commit" });
  return release;
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));
}

test("a search typed before the list page's script runs stays, and searches", async ({ page }) => {
  // The list does not hydrate (decision 0038): nothing re-renders the box, and its script searches
  // for what was typed before it ran.
  const release = await openWithScriptsHeld(page, "/reports");
  const search = page.getByRole("searchbox").first();
  await search.fill("kismayo-before-hydration");
  release();
  await pageReady(page);
  // The field keeps the words, and the live search follows them into the address.
  await expect(page).toHaveURL(/[?&]q=kismayo-before-hydration/);
  await expect(search).toHaveValue("kismayo-before-hydration");
});

test("a link pasted into the URL decoder before its script runs is decoded", async ({ page }) => {
  // The page does not hydrate (decision 0038): its enhancements are what is held back.
  const release = await openWithScriptsHeld(page, "/tools/url-decoder");
  await page.getByLabel("URL to decode").fill("https://example.org/camps?utm_source=mail&id=12");
  release();
  await pageReady(page);
  await expect(page.getByLabel("URL to decode")).toHaveValue("https://example.org/camps?utm_source=mail&id=12");
  await page.getByRole("button", { name: "Decode URL" }).click();
  await expect(page.getByRole("region", { name: "Parameters removed" })).toContainText("utm_source");
});

test("the sign-in form keeps an e-mail and password typed before it hydrates", async ({ page }) => {
  const release = await openWithScriptsHeld(page, "/admin/login");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  release();
  await hydrated(page);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(`${base()}/admin`);
});
