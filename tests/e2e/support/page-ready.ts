import type { Page } from "@playwright/test";

/**
 * The page's scripts have run: React has hydrated it (its fibres are on <body>), or, on a page that
 * does not hydrate, its enhancements are done (`<html data-enhanced>`, decision 0038).
 */
export async function pageReady(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.documentElement.hasAttribute("data-enhanced") || Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
  );
}
