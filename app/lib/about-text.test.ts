import { describe, expect, it } from "vitest";
import { ABOUT_TEXT_MAX, aboutBlocks, aboutFromStored, DEFAULT_ABOUT, parseAboutForm } from "./about-text";

const form = (values: Record<string, string>) => new URLSearchParams(values);

describe("about text", () => {
  it("splits plain text into paragraphs and lists, a short heading before a colon marked as such", () => {
    expect(aboutBlocks("First line\ncontinues here.\n\n\nSecond paragraph.\n- One\n* Two: with text\n• Three")).toEqual([
      { kind: "paragraph", text: "First line continues here." },
      { kind: "paragraph", text: "Second paragraph." },
      {
        kind: "list",
        items: [
          { label: null, text: "One" },
          { label: "Two", text: "with text" },
          { label: null, text: "Three" },
        ],
      },
    ]);
    expect(aboutBlocks("   \n\n")).toEqual([]);
    // Markup is text: nothing here is interpreted (React escapes it when rendering).
    expect(aboutBlocks("<script>alert(1)</script>")).toEqual([{ kind: "paragraph", text: "<script>alert(1)</script>" }]);
  });

  it("has the current page's text as the default: two paragraphs, five tasks, five how-to items", () => {
    expect(aboutBlocks(DEFAULT_ABOUT.overview).map((b) => b.kind)).toEqual(["paragraph", "paragraph"]);
    expect(aboutBlocks(DEFAULT_ABOUT.keyTasks)).toEqual([{ kind: "list", items: expect.any(Array) }]);
    const howTo = aboutBlocks(DEFAULT_ABOUT.howToUse)[0];
    expect(howTo?.kind === "list" && howTo.items.map((i) => i.label)).toEqual(["Find", "Preview", "Download", "Share", "Dashboards"]);
  });

  it("reads stored values, falling back to the default for a missing, unreadable or blank one", () => {
    expect(
      aboutFromStored({ "about:overview": JSON.stringify("Ours."), "about:keyTasks": "{not json", "about:howToUse": JSON.stringify("  ") }),
    ).toEqual({ overview: "Ours.", keyTasks: DEFAULT_ABOUT.keyTasks, howToUse: DEFAULT_ABOUT.howToUse });
  });

  it("checks the form: trimmed, line endings normalised, each section capped with a clear message", () => {
    expect(parseAboutForm(form({ overview: " Hello\r\nworld ", keyTasks: "- a", howToUse: "- b: c" }))).toEqual({
      ok: true,
      value: { overview: "Hello\nworld", keyTasks: "- a", howToUse: "- b: c" },
    });
    const long = "x".repeat(ABOUT_TEXT_MAX + 1);
    expect(parseAboutForm(form({ overview: long, keyTasks: "", howToUse: "ok" }))).toEqual({
      ok: false,
      errors: {
        overview: `Overview must be at most ${ABOUT_TEXT_MAX} characters (it has ${ABOUT_TEXT_MAX + 1})`,
        keyTasks: "Key Tasks cannot be empty; use Restore default to bring back the original text",
      },
    });
  });
});
