import { describe, expect, it } from "vitest";
import { FALLBACK_MENU, footerLinks } from "./site";

describe("the default menu", () => {
  it("links each of the three lists, and the footer's quick links keep them", () => {
    for (const list of ["/reports", "/guidelines", "/standards"]) {
      expect(FALLBACK_MENU.map((m) => m.url)).toContain(list);
      expect(footerLinks(FALLBACK_MENU).map((m) => m.url)).toContain(list);
    }
  });
});
