/**
 * When the header's navigation bar fits beside the site name, before any JavaScript runs. Staff
 * choose the menu's items and titles (Settings → navigation menu) and the site name, so no fixed
 * breakpoint fits them all: the server estimates the row's width from the text with an upper bound
 * of each character's width, and shows the bar only from a viewport width where it surely fits;
 * below it the menu button holds the links. With JavaScript the header measures the real width
 * and corrects this (components/layout/public-header.tsx).
 *
 * The numbers mirror the header's classes: keep them in step.
 */

/** The spec's mobile breakpoint: below it the menu button, whatever fits (public-portal section 2). */
export const MOBILE_BREAKPOINT = 768;

const LINK_FONT_PX = 14; // text-sm
const LINK_CHROME_PX = 12 * 2 + 16 + 8; // px-3 on both sides, the 16 px icon, gap-2
const LINK_GAP_PX = 4; // gap-1 between links
const BRAND_FONT_PX = 16; // the site name, font-semibold
const BRAND_CHROME_PX = 28 + 8; // the 28 px logo, gap-2
const ROW_GAP_PX = 16; // gap-4 between the site name and the bar
const BUTTON_CHROME_PX = 8 * 2 + 2; // px-2 and the border of a header button (the language switch)
const ROW_PADDING_PX = 16 * 2; // px-4
const ROW_MAX_PX = 1280; // max-w-7xl
/** A classic scrollbar takes this much from the viewport a media query measures. */
const SCROLLBAR_PX = 17;
/** Bold text runs wider than regular; the site name is semibold. */
const BOLD_FACTOR = 1.15;

/** The steps a breakpoint is rounded up to, each with literal classes so Tailwind generates them. */
export const NAV_BREAKPOINTS = [768, 832, 896, 960, 1024, 1088, 1152, 1216, 1280, 1344] as const;
export type NavBreakpoint = (typeof NAV_BREAKPOINTS)[number];

export const NAV_BREAKPOINT_CLASSES: Record<NavBreakpoint, { bar: string; button: string }> = {
  768: { bar: "md:flex", button: "md:hidden" },
  832: { bar: "min-[832px]:flex", button: "min-[832px]:hidden" },
  896: { bar: "min-[896px]:flex", button: "min-[896px]:hidden" },
  960: { bar: "min-[960px]:flex", button: "min-[960px]:hidden" },
  1024: { bar: "min-[1024px]:flex", button: "min-[1024px]:hidden" },
  1088: { bar: "min-[1088px]:flex", button: "min-[1088px]:hidden" },
  1152: { bar: "min-[1152px]:flex", button: "min-[1152px]:hidden" },
  1216: { bar: "min-[1216px]:flex", button: "min-[1216px]:hidden" },
  1280: { bar: "min-[1280px]:flex", button: "min-[1280px]:hidden" },
  1344: { bar: "min-[1344px]:flex", button: "min-[1344px]:hidden" },
};

/**
 * Each character's width in em, at least that of the widest common sans-serif system font
 * (DejaVu Sans, Linux's usual system-ui); narrower fonts (Roboto, Segoe UI, San Francisco) only
 * leave room to spare. Anything outside ASCII gets a full em, emoji a little more.
 */
function charEm(ch: string): number {
  if (/[ijlI.,:;'|!`]/.test(ch)) return 0.32;
  if (/[frt()[\]\-/ ]/.test(ch)) return 0.45;
  if (ch === "W" || ch === "m" || ch === "@") return 1;
  if (ch === "M" || ch === "w" || ch === "%") return 0.9;
  if (/[A-Z]/.test(ch)) return 0.8;
  if (/[a-z0-9]/.test(ch)) return 0.65;
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x80) return 0.8;
  return code > 0xffff ? 1.3 : 1;
}

/** An upper bound of the text's width in px at this font size. */
export function textWidthUpperBound(text: string, fontPx: number): number {
  let em = 0;
  for (const ch of text) em += charEm(ch);
  return Math.ceil(em * fontPx);
}

/** The row's content: the logo and site name, the gap, every link of the bar, then the header's buttons (the language switch's). */
function rowWidthUpperBound(menu: readonly { title: string }[], siteName: string, buttons: readonly string[]): number {
  const brand = BRAND_CHROME_PX + Math.ceil(textWidthUpperBound(siteName, BRAND_FONT_PX) * BOLD_FACTOR);
  const links = menu.reduce((sum, item) => sum + LINK_CHROME_PX + textWidthUpperBound(item.title, LINK_FONT_PX), 0);
  const extra = buttons.reduce((sum, label) => sum + ROW_GAP_PX + BUTTON_CHROME_PX + textWidthUpperBound(label, LINK_FONT_PX), 0);
  return brand + ROW_GAP_PX + links + LINK_GAP_PX * Math.max(0, menu.length - 1) + extra;
}

/**
 * The viewport width from which the bar is shown without JavaScript, or null when it can never
 * fit the page's row (then the menu button is always used).
 */
export function navBreakpoint(menu: readonly { title: string }[], siteName: string, buttons: readonly string[] = []): NavBreakpoint | null {
  const row = rowWidthUpperBound(menu, siteName, buttons) + ROW_PADDING_PX;
  if (row > ROW_MAX_PX) return null;
  const viewport = Math.max(MOBILE_BREAKPOINT, row + SCROLLBAR_PX);
  return NAV_BREAKPOINTS.find((bp) => bp >= viewport) ?? null;
}
