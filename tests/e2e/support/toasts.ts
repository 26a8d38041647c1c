import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Records every toast the page shows (its title), from before the page's own scripts run, so a
 * message shown twice is counted twice even after the first has gone.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const known = new WeakSet<Element>();
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
        if (known.has(toast)) continue;
        known.add(toast);
        seen.push(toast.querySelector("[data-title]")?.textContent ?? toast.textContent ?? "");
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

/** The toasts with this title shown since the document loaded. */
export async function toastsSeen(page: Page, title: string): Promise<string[]> {
  const seen = await page.evaluate(() => (window as unknown as { toastsSeen?: string[] }).toastsSeen ?? []);
  return seen.filter((t) => t === title);
}

/** React Router has nothing in flight: no navigation, no revalidation, no fetcher. */
export async function routerSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const router = (
      window as unknown as {
        __reactRouterDataRouter?: {
          state: { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };
        };
      }
    ).__reactRouterDataRouter;
    if (!router) return false;
    const { navigation, revalidation, fetchers } = router.state;
    return navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((f) => f.state === "idle");
  });
}

/** A toast's box once it has slid into place (two frames in a row at the same place). */
export async function settledBox(toast: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = "";
  let current: { x: number; y: number; width: number; height: number } | null = null;
  await expect
    .poll(async () => {
      current = await toast.boundingBox();
      const now = JSON.stringify(current);
      const same = now === last;
      last = now;
      return same && current !== null;
    })
    .toBe(true);
  return current!;
}
