import { expect } from "@playwright/test";
import { pageReady } from "./support/page-ready";
import { test } from "./support/test";

/**
 * The public URL decoder with JavaScript (a page that does not hydrate, decision 0038): the
 * address pasted never leaves the browser, the copy buttons copy and say so, "Clear" empties the
 * page in place. Decoding itself is covered in admin-folders.spec.ts and messages.spec.ts.
 */
const base = () => process.env.PORTAL_URL!;
const TRACKED = "https://example.org/camps?utm_source=mail&id=12&fbclid=abc";

test("decodes in the browser, copies a field with a toast, and clears in place", async ({ context, page }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base() });
  await page.goto(`${base()}/tools/url-decoder`);
  await pageReady(page);
  const sent: string[] = [];
  page.on("request", (request) => sent.push(request.url()));
  let navigations = 0;
  page.on("framenavigated", () => navigations++);

  await page.getByLabel("URL to decode").fill(TRACKED);
  await page.getByRole("button", { name: "Decode URL" }).click();
  await expect(page.getByLabel("Cleaned URL", { exact: true })).toHaveValue("https://example.org/camps?id=12");
  await expect(page.getByRole("region", { name: "Parameters removed" })).toContainText("utm_source, fbclid");
  await expect(page.getByText("Tracking parameters removed: utm_source, fbclid.")).toBeVisible();

  // The copy buttons are there once the script runs; the field's text goes to the clipboard.
  await page.getByRole("button", { name: "Copy cleaned URL" }).click();
  await expect(page.locator("[data-toast]").filter({ hasText: "Link Copied" })).toContainText("The link is on your clipboard.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("https://example.org/camps?id=12");
  // Focus on a field selects its text, ready to copy by hand.
  await page.getByLabel("Original URL", { exact: true }).focus();
  const selected = () =>
    page.evaluate(() => [
      (document.activeElement as HTMLInputElement).selectionStart,
      (document.activeElement as HTMLInputElement).selectionEnd,
    ]);
  await expect.poll(selected).toEqual([0, TRACKED.length]);

  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page.getByLabel("URL to decode")).toHaveValue("");
  await expect(page.getByTestId("url-result")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Parameters removed" })).toHaveCount(0);
  await expect(page).toHaveURL(`${base()}/tools/url-decoder`);

  expect(navigations).toBe(0);
  expect(sent.filter((address) => address.includes("example.org") || address.includes("url="))).toEqual([]);
});

test("a result the server decoded (a shared address) gets its copy buttons", async ({ page }) => {
  await page.goto(`${base()}/tools/url-decoder?url=${encodeURIComponent(TRACKED)}`);
  await pageReady(page);
  await expect(page.getByRole("button", { name: "Copy original URL" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy decoded URL" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy cleaned URL" })).toBeVisible();
});
