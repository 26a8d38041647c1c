import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { ABOUT_SECTIONS, aboutBlocks, DEFAULT_ABOUT } from "~/lib/about-text";
import { aboutTextIn, aboutTextsIn } from "./about-defaults";

describe("the default About text in the reader's language", () => {
  it("shows the default in the page's language, with the same shape, and what staff wrote as written", () => {
    for (const { key } of ABOUT_SECTIONS) {
      expect(aboutTextIn(DEFAULT_ABOUT[key], i18nFor("en"))).toBe(DEFAULT_ABOUT[key]);
      const so = aboutTextIn(DEFAULT_ABOUT[key], i18nFor("so"));
      expect(so).not.toBe(DEFAULT_ABOUT[key]);
      const shape = (text: string) =>
        aboutBlocks(text).map((b) => (b.kind === "list" ? b.items.map((i) => (i.label ? "labelled" : "item")) : b.kind));
      expect(shape(so)).toEqual(shape(DEFAULT_ABOUT[key]));
    }
    expect(aboutTextIn("Our own text.", i18nFor("so"))).toBe("Our own text.");
  });

  it("resolves the three sections at once, leaving what staff wrote", () => {
    const so = aboutTextsIn({ ...DEFAULT_ABOUT, keyTasks: "- Our own task." }, i18nFor("so"));
    expect(so.keyTasks).toBe("- Our own task.");
    expect(so.overview).toBe(aboutTextIn(DEFAULT_ABOUT.overview, i18nFor("so")));
    expect(aboutTextsIn(DEFAULT_ABOUT, i18nFor("en"))).toEqual(DEFAULT_ABOUT);
  });
});
