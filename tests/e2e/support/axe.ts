import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Axe for one page, run in the page itself (axe's "legacy" mode). The default mode gathers
 * partial results in every frame and finishes them in a new blank page, injecting axe twice: two
 * to three times as long per page (1.2 against 0.6 s for the home page, 3.1 against 1.5 s for the
 * library), and the walks run it on every page of the portal at several widths and in two
 * languages. What it leaves out is the inside of frames, and the portal's frames hold none of its
 * own markup: a document's file in the preview (served sandboxed) and another site's dashboard.
 * A frame of the portal's own would need the default mode back.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}
