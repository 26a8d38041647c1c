import { describe, expect, it } from "vitest";
import type { SnippetPart } from "~/lib/document-query";
import { highlightTerms, parseSearchQuery } from "./query";
import { buildSnippet, SNIPPET_CHARS } from "./snippet";

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

/** The snippet as one string, matched words in [brackets]. */
function show(parts: SnippetPart[] | null): string | null {
  return parts === null ? null : parts.map((p) => (p.mark ? `[${p.text}]` : p.text)).join("");
}

/** The snippet's text without the ellipses. */
function body(parts: SnippetPart[]): string {
  return parts
    .filter((p) => p.text !== "…")
    .map((p) => p.text)
    .join("");
}

const snippet = (text: string | null, q: string) => buildSnippet(text, highlightTerms(parseSearchQuery(q)));

describe("search result snippets", () => {
  it("marks every matched word, whatever its case, keeping the text as written", () => {
    expect(show(snippet("Site monitoring of IDP sites in Baidoa: WASH gaps in every site.", "site baidoa"))).toBe(
      "[Site] monitoring of IDP [sites] in [Baidoa]: WASH gaps in every [site].",
    );
    expect(show(snippet("Shelter and WASH gaps", "WASH"))).toBe("Shelter and [WASH] gaps");
  });

  it("marks whole words that start with a searched token (the word being typed)", () => {
    expect(show(snippet("Forced evictions and one eviction notice", "evict"))).toBe("Forced [evictions] and one [eviction] notice");
    // A phrase's words are marked one by one.
    expect(show(snippet("Training on camp management for site staff", '"camp manag'))).toBe(
      "Training on [camp] [management] for site staff",
    );
    // An excluded word is not marked.
    expect(show(snippet("Camp water and camp sanitation", "camp -sanitation"))).toBe("[Camp] water and [camp] sanitation");
  });

  it("folds diacritics like the index: a plain spelling marks the accented word, and the other way round", () => {
    expect(show(snippet("Floods in Dhúusamarreeb district", "dhuusamarreeb"))).toBe("Floods in [Dhúusamarreeb] district");
    expect(show(snippet("Floods in Dhuusamarreeb district", "Dhúusamarreeb"))).toBe("Floods in [Dhuusamarreeb] district");
    expect(show(snippet("Réunion de coordination", "REUNION"))).toBe("[Réunion] de coordination");
  });

  it("handles right-to-left text: an Arabic word is marked whole, its vowel marks included", () => {
    const text = "تقرير عن مُخَيَّمات النازحين في بيدوا";
    const parts = snippet(text, "مخيمات");
    expect(parts?.filter((p) => p.mark).map((p) => p.text)).toEqual(["مُخَيَّمات"]);
    expect(body(parts!)).toBe(text);
    // Direction marks around the query are not part of a word.
    expect(
      snippet(text, "\u200fبيدوا\u200f")
        ?.filter((p) => p.mark)
        .map((p) => p.text),
    ).toEqual(["بيدوا"]);
  });

  it("returns null without a match, a text or a term", () => {
    expect(snippet("Shelter and WASH gaps", "kismayo")).toBeNull();
    expect(snippet(null, "wash")).toBeNull();
    expect(snippet("", "wash")).toBeNull();
    expect(snippet("Shelter and WASH gaps", "-wash")).toBeNull();
    expect(snippet("Shelter and WASH gaps", "💧")).toBeNull();
    // A word that only contains the token is no match: the index matches words from their start.
    expect(snippet("Washington talks", "ash")).toBeNull();
  });

  it("keeps a short text whole, white space collapsed, with no ellipsis", () => {
    const parts = snippet("  Shelter\n\nand   WASH\tgaps  ", "gaps");
    expect(show(parts)).toBe("Shelter and WASH [gaps]");
    expect(parts!.some((p) => p.text === "…")).toBe(false);
  });

  it("cuts a long text around the first match with ellipses, never in the middle of a word", () => {
    const before = "Households in informal settlements reported repeated notices from private landowners over many months of ";
    const after = "negotiations with district authorities, gatekeepers and community leaders about tenure security and relocation options";
    const text = `${before}eviction ${after} ${after} ${after}`;
    const parts = snippet(text, "eviction")!;
    expect(parts[0]).toEqual({ text: "…", mark: false });
    expect(parts.at(-1)).toEqual({ text: "…", mark: false });
    expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["eviction"]);
    const shown = body(parts);
    const start = text.indexOf(shown);
    expect(start).toBeGreaterThan(0);
    // Whole words at both edges, the match about 50 characters in, about SNIPPET_CHARS long.
    expect(WORD_CHAR.test(text[start - 1]!)).toBe(false);
    expect(WORD_CHAR.test(text[start + shown.length]!)).toBe(false);
    expect(shown.indexOf("eviction")).toBeGreaterThanOrEqual(40);
    expect(shown.indexOf("eviction")).toBeLessThanOrEqual(60);
    expect(shown.length).toBeGreaterThanOrEqual(SNIPPET_CHARS - 15);
    expect(shown.length).toBeLessThanOrEqual(SNIPPET_CHARS + 15);
  });

  it("starts at the beginning when the match is near it, with an ellipsis only at the end", () => {
    const text = `Eviction ${"notices and relocation options ".repeat(20)}`;
    const parts = snippet(text, "eviction")!;
    expect(parts[0]).toEqual({ text: "Eviction", mark: true });
    expect(parts.at(-1)).toEqual({ text: "…", mark: false });
  });

  it("never cuts an emoji in two (no lone surrogate at either edge)", () => {
    const drops = "💧".repeat(60);
    for (const text of [
      `${drops} water points ${drops}`,
      `${"🙂".repeat(100)} camp ${"🙂".repeat(200)}`,
      `camp ${"x".repeat(170)} 💧💧💧💧 more`,
    ]) {
      const parts = buildSnippet(text, ["water", "camp"])!;
      expect(parts.filter((p) => p.mark).length).toBeGreaterThan(0);
      // encodeURIComponent throws on a lone surrogate.
      for (const part of parts) expect(() => encodeURIComponent(part.text), JSON.stringify(part.text)).not.toThrow();
      expect(text).toContain(body(parts));
    }
  });

  it("stays about its length next to a run of letters far longer than any word", () => {
    const run = "a".repeat(10_000);
    for (const text of [`${run} camp ${run}`, `camp ${run}`, `${run} camp`]) {
      const parts = buildSnippet(text, ["camp"])!;
      expect(parts.filter((p) => p.mark).map((p) => p.text)).toEqual(["camp"]);
      expect(body(parts).length).toBeLessThanOrEqual(SNIPPET_CHARS + 40);
    }
  });

  it("returns plain text parts: markup in a description is text, not HTML", () => {
    expect(snippet("<b>Camp</b> <script>alert(1)</script>", "camp")).toEqual([
      { text: "<b>", mark: false },
      { text: "Camp", mark: true },
      { text: "</b> <script>alert(1)</script>", mark: false },
    ]);
  });
});
