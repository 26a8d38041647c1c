import { describe, expect, it } from "vitest";
import { NAV_BREAKPOINT_CLASSES, NAV_BREAKPOINTS, navBreakpoint, textWidthUpperBound } from "./nav-fit";
import { FALLBACK_MENU, SITE_NAME } from "./site";

const item = (title: string) => ({ title });

describe("text width upper bound", () => {
  it("grows with the text and its letters' widths", () => {
    expect(textWidthUpperBound("", 14)).toBe(0);
    expect(textWidthUpperBound("Illi", 14)).toBeLessThan(textWidthUpperBound("Home", 14));
    expect(textWidthUpperBound("home", 14)).toBeLessThan(textWidthUpperBound("HOME", 14));
    expect(textWidthUpperBound("HOME", 14)).toBeLessThan(textWidthUpperBound("WWWW", 14));
    expect(textWidthUpperBound("Home", 16)).toBeGreaterThan(textWidthUpperBound("Home", 14));
  });
  it("counts characters, not UTF-16 units, and allows a full em for any other script", () => {
    expect(textWidthUpperBound("数据", 14)).toBe(28);
    expect(textWidthUpperBound("😀", 14)).toBeGreaterThanOrEqual(14);
    expect(textWidthUpperBound("😀", 14)).toBeLessThan(textWidthUpperBound("😀😀", 14));
  });
});

describe("the navigation bar's breakpoint", () => {
  it("is never below the spec's 768 px and is one of the known steps", () => {
    expect(navBreakpoint([item("Home")], "CCCM")).toBe(768);
    const bp = navBreakpoint(FALLBACK_MENU, SITE_NAME);
    expect(NAV_BREAKPOINTS).toContain(bp);
  });
  it("rises with every item and with longer titles or site names", () => {
    const six = navBreakpoint(FALLBACK_MENU.slice(0, 6), SITE_NAME)!;
    const seven = navBreakpoint(FALLBACK_MENU, SITE_NAME)!;
    expect(seven).toBeGreaterThan(six);
    expect(navBreakpoint(FALLBACK_MENU.slice(0, 6), `${SITE_NAME} Information Portal`)!).toBeGreaterThan(six);
  });
  it("keeps the bar above the width the audit found it overflowing at (6 items up to 786 px, 7 up to 910 px)", () => {
    expect(navBreakpoint(FALLBACK_MENU.slice(0, 6), SITE_NAME)!).toBeGreaterThan(786);
    expect(navBreakpoint(FALLBACK_MENU, SITE_NAME)!).toBeGreaterThan(910);
  });
  it("is null (always the menu button) when the bar cannot fit the page's 1280 px row", () => {
    const many = Array.from({ length: 12 }, (_, i) => item(`Menu entry ${i}`));
    expect(navBreakpoint(many, SITE_NAME)).toBeNull();
    expect(navBreakpoint([item("x".repeat(60)), item("y".repeat(60)), item("z".repeat(60))], SITE_NAME)).toBeNull();
  });
  it("has a class pair for every step", () => {
    for (const bp of NAV_BREAKPOINTS) {
      expect(NAV_BREAKPOINT_CLASSES[bp].bar).toMatch(/:flex$/);
      expect(NAV_BREAKPOINT_CLASSES[bp].button).toMatch(/:hidden$/);
    }
  });
});

describe("the header's buttons", () => {
  it("count in the row: a language switch can move the bar to a wider viewport, never a narrower one", () => {
    const without = navBreakpoint(FALLBACK_MENU.slice(0, 6), SITE_NAME)!;
    const withSwitch = navBreakpoint(FALLBACK_MENU.slice(0, 6), SITE_NAME, ["Soomaali"])!;
    expect(withSwitch).toBeGreaterThanOrEqual(without);
    expect(navBreakpoint(FALLBACK_MENU.slice(0, 6), SITE_NAME, ["x".repeat(20)])!).toBeGreaterThan(without);
  });
});
