import type { Page } from "@playwright/test";
import { pageReady } from "./page-ready";

/**
 * What sticks out on the page as it is shown: the page itself scrolling sideways, and every
 * visible element wider than, or standing out of, the box it is laid out in. Content inside a
 * container that scrolls sideways on purpose (overflow-x auto or scroll) may be as wide as it
 * likes; the container itself must fit. Each finding names the element (a short CSS path and its
 * text) and by how much it sticks out.
 */
/** Shown as a person sees it: the page's scripts have run (page-ready.ts) and the fonts are in. */
export async function settled(page: Page): Promise<void> {
  await pageReady(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

export function layoutOverflows(page: Page): Promise<string[]> {
  return page.evaluate(probe);
}

/** Runs in the page: everything it uses is defined inside it. */
function probe(): string[] {
  const TOLERANCE = 1; // sub-pixel rounding
  const findings: string[] = [];
  const offenders: Element[] = [];

  const own = (e: Element) => {
    const classes = [...e.classList].slice(0, 3).map((c) => `.${CSS.escape(c)}`);
    return `${e.localName}${e.id ? `#${CSS.escape(e.id)}` : ""}${classes.join("")}`;
  };
  const name = (el: Element): string => {
    const path = [own(el)];
    for (let up = el.parentElement; up && up !== document.body && path.length < 4; up = up.parentElement) path.unshift(own(up));
    const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 60);
    return `${path.join(" > ")}${text ? ` "${text}"` : ""}`;
  };
  const styleOf = (el: Element) => getComputedStyle(el);
  const scrollsSideways = (el: Element) => ["auto", "scroll"].includes(styleOf(el).overflowX);
  /** The box an element is laid out in: its nearest ancestor that makes a box of its own. */
  const containerOf = (el: Element): Element | null => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const display = styleOf(up).display;
      if (display !== "contents" && display !== "inline") return up;
    }
    return null;
  };
  const insideSidewaysScroller = (el: Element) => {
    for (let up = el.parentElement; up && up !== document.documentElement; up = up.parentElement) if (scrollsSideways(up)) return true;
    return false;
  };
  const visible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    // 1 px boxes are screen-reader-only text (clipped to nothing), not something a person sees.
    return rect.width > 1 && rect.height > 1 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };

  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth)
    findings.push(`the page scrolls sideways: ${doc.scrollWidth} px wide in a ${window.innerWidth} px window`);

  const candidates: HTMLElement[] = [];
  for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
    // Shapes inside an icon are drawn by the icon; the icon itself is checked.
    if (el.closest("svg") && el.localName !== "svg") continue;
    if (["script", "style", "template", "option"].includes(el.localName) || !visible(el)) continue;
    const style = styleOf(el);
    // Toasts, dialogs and menus are placed on purpose; their contents are checked against them.
    if (style.position === "fixed" || style.position === "absolute") continue;
    if (insideSidewaysScroller(el)) continue;
    const container = containerOf(el);
    if (!container || container === doc) continue;
    const rect = el.getBoundingClientRect();
    const box = container.getBoundingClientRect();
    const left = box.left - rect.left;
    const right = rect.right - box.right;
    if (left > TOLERANCE || right > TOLERANCE) {
      // A clipping container that truncates with an ellipsis shows the cut on purpose.
      if (styleOf(container).textOverflow === "ellipsis" && styleOf(container).overflowX !== "visible") continue;
      offenders.push(el);
      const by = [
        right > TOLERANCE ? `${Math.round(right)} px on the right` : "",
        left > TOLERANCE ? `${Math.round(left)} px on the left` : "",
      ]
        .filter(Boolean)
        .join(" and ");
      findings.push(`${name(el)} (${Math.round(rect.width)} px) sticks out of ${own(container)} (${Math.round(box.width)} px) by ${by}`);
    } else if (style.overflowX === "visible" && style.display !== "inline") candidates.push(el);
  }
  // Text too long for its box (an unbreakable word, a URL) overflows without any element doing so.
  // Innermost first (reverse document order), so the box the text is in is named, not its ancestors.
  for (const el of candidates.reverse()) {
    const overflow = el.scrollWidth - el.clientWidth;
    if (el.clientWidth === 0 || overflow <= TOLERANCE || offenders.some((o) => el.contains(o))) continue;
    offenders.push(el);
    findings.push(`the content of ${name(el)} (${el.clientWidth} px) overflows it by ${overflow} px`);
  }
  return findings;
}
