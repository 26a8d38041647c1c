import { describe, expect, it } from "vitest";
import { foldText, indexText, tokenise } from "./normalise";
import { highlightTerms, isEmpty, MAX_TERMS, parseSearchQuery, type SearchQuery, type SearchTerm } from "./query";
import { renderFts5, renderTsquery } from "./render";

const word = (token: string, flags: Partial<SearchTerm> = {}): SearchTerm => ({
  kind: "word",
  tokens: [token],
  excluded: false,
  prefix: false,
  ...flags,
});
const phrase = (tokens: string[], flags: Partial<SearchTerm> = {}): SearchTerm => ({
  kind: "phrase",
  tokens,
  excluded: false,
  prefix: false,
  ...flags,
});

/** Parses and renders for both engines, the shape most cases assert. */
function both(raw: string) {
  const query = parseSearchQuery(raw);
  return { fts5: renderFts5(query), tsquery: renderTsquery(query) };
}

describe("normalising text", () => {
  it("lower-cases and drops Latin accents and Arabic vowel marks", () => {
    expect(foldText("Dhúusamarreeb RÉUNION")).toBe("dhuusamarreeb reunion");
    expect(foldText("مُخَيَّم")).toBe("مخيم");
    expect(foldText("İstanbul")).toBe("istanbul");
  });

  it("splits on everything but letters and digits, apostrophes and hyphens included", () => {
    expect(tokenise("Ka'a Xamar-Weyne 3.5 who.int water💧well")).toEqual([
      "ka",
      "a",
      "xamar",
      "weyne",
      "3",
      "5",
      "who",
      "int",
      "water",
      "well",
    ]);
    expect(indexText("  Camp\u0000management:  ")).toBe("camp management");
  });

  it("cuts a token at 200 code points without splitting a surrogate pair", () => {
    const [long] = tokenise("𝐀".repeat(300));
    expect(long).toBe("𝐀".repeat(200));
  });
});

describe("parsing a search query", () => {
  it("reads words in any order as groups that must all match, the last one a prefix", () => {
    expect(parseSearchQuery("Training camp")).toEqual({ groups: [[word("training")], [word("camp", { prefix: true })]] });
  });

  it("stops treating the last word as a prefix once a space follows it, or if it is one letter", () => {
    expect(parseSearchQuery("camp ").groups).toEqual([[word("camp")]]);
    expect(parseSearchQuery("camp a").groups).toEqual([[word("camp")], [word("a")]]);
  });

  it("reads a quoted phrase, and an unclosed quote as a phrase still being typed", () => {
    expect(parseSearchQuery('"camp management" baidoa ').groups).toEqual([[phrase(["camp", "management"])], [word("baidoa")]]);
    expect(parseSearchQuery('"camp management"').groups).toEqual([[phrase(["camp", "management"])]]);
    expect(parseSearchQuery('water "camp manag').groups).toEqual([[word("water")], [phrase(["camp", "manag"], { prefix: true })]]);
  });

  it("reads a word that splits into several tokens as a phrase", () => {
    expect(parseSearchQuery("Xamar-Weyne ka'a ").groups).toEqual([[phrase(["xamar", "weyne"])], [phrase(["ka", "a"])]]);
  });

  it("reads exclusions, never as a prefix, and keeps each alone in its group", () => {
    expect(parseSearchQuery('water -sanitation -"camp management"').groups).toEqual([
      [word("water")],
      [word("sanitation", { excluded: true })],
      [phrase(["camp", "management"], { excluded: true })],
    ]);
    // A hyphen inside a word or alone is not an exclusion.
    expect(parseSearchQuery("well-being - camp ").groups).toEqual([[phrase(["well", "being"])], [word("camp")]]);
  });

  it("joins alternatives with upper-case OR between positive terms", () => {
    expect(parseSearchQuery('baidoa OR kismayo OR "xamar weyne" water').groups).toEqual([
      [word("baidoa"), word("kismayo"), phrase(["xamar", "weyne"])],
      [word("water", { prefix: true })],
    ]);
    expect(parseSearchQuery("baidoa or kismayo ").groups).toEqual([[word("baidoa")], [word("or")], [word("kismayo")]]);
  });

  it("drops an OR with nothing positive on one side", () => {
    expect(parseSearchQuery("OR camp OR ").groups).toEqual([[word("camp")]]);
    expect(parseSearchQuery("camp OR -water OR well ").groups).toEqual([
      [word("camp")],
      [word("water", { excluded: true })],
      [word("well")],
    ]);
    expect(parseSearchQuery("camp OR OR well ").groups).toEqual([[word("camp"), word("well")]]);
  });

  it("treats a query with only exclusions, or no letters at all, as empty", () => {
    for (const raw of ["", "   ", "-camp", '-"camp management" -water', "OR", "💧🙂", "*^:()", '""', "\u0000\u0001"]) {
      expect(isEmpty(parseSearchQuery(raw)), raw).toBe(true);
      expect(both(raw), raw).toEqual({ fts5: null, tsquery: null });
    }
  });

  it(`reads at most ${MAX_TERMS} terms and 10 tokens a phrase`, () => {
    const query = parseSearchQuery("camp ".repeat(2_000));
    expect(query.groups).toHaveLength(MAX_TERMS);
    expect(query.groups.flat().every((t) => !t.prefix)).toBe(true);
    expect(parseSearchQuery(`"${"a b c d e f g h i j k l m"}"`).groups[0]![0]!.tokens).toHaveLength(10);
  });

  it("gives the positive tokens, once each, for highlighting", () => {
    expect(highlightTerms(parseSearchQuery('camp "camp management" OR baidoa -water'))).toEqual(["camp", "management", "baidoa"]);
    expect(highlightTerms(parseSearchQuery("-water"))).toEqual([]);
  });
});

describe("rendering a query for FTS5 and PostgreSQL", () => {
  it("joins words with AND / &, the last as a prefix", () => {
    expect(both("Training camp")).toEqual({ fts5: '"training" AND "camp"*', tsquery: "'training' & 'camp':*" });
  });

  it("renders phrases as one quoted string / adjacent lexemes", () => {
    expect(both('"camp management" ')).toEqual({ fts5: '"camp management"', tsquery: "('camp' <-> 'management')" });
    expect(both('"camp manag')).toEqual({ fts5: '"camp manag"*', tsquery: "('camp' <-> 'manag':*)" });
  });

  it("renders exclusions after the positive part", () => {
    expect(both('-sanitation water -"camp management" well ')).toEqual({
      fts5: '("water" AND "well") NOT "sanitation" NOT "camp management"',
      tsquery: "!'sanitation' & 'water' & !('camp' <-> 'management') & 'well'",
    });
  });

  it("brackets alternatives", () => {
    expect(both('baidoa OR "xamar weyne" water ')).toEqual({
      fts5: '("baidoa" OR "xamar weyne") AND "water"',
      tsquery: "('baidoa' | ('xamar' <-> 'weyne')) & 'water'",
    });
  });

  it("quotes and escapes every token, even ones the parser would never produce", () => {
    const hostile: SearchQuery = {
      groups: [[word('say "hi"'), word("it's\\")], [word("x", { excluded: true })]],
    };
    expect(renderFts5(hostile)).toBe('("say ""hi""" OR "it\'s\\") NOT "x"');
    expect(renderTsquery(hostile)).toBe("('say \"hi\"' | 'it''s\\\\') & !'x'");
  });

  it("reads FTS syntax and other hostile input as plain text", () => {
    const cases: [string, string | null, string | null][] = [
      // The quotes make a phrase of the word "or", not an operator.
      ['camp" OR "x', '"camp" AND "or" AND "x"', "'camp' & 'or' & 'x'"],
      ['"unbalanced camp', '"unbalanced camp"*', "('unbalanced' <-> 'camp':*)"],
      ["NEAR(camp water) ", '"near camp" AND "water"', "('near' <-> 'camp') & 'water'"],
      ["camp* ^water title:camp ", '"camp" AND "water" AND "title camp"', "'camp' & 'water' & ('title' <-> 'camp')"],
      ["camp AND NOT water ", '"camp" AND "and" AND "not" AND "water"', "'camp' & 'and' & 'not' & 'water'"],
      ["camp\u0000water\u0007", '"camp" AND "water"', "'camp' & 'water'"],
      ["💧 water🙂", '"water"*', "'water':*"],
      ["\u200fمُخَيَّم النازحين\u200f", '"مخيم" AND "النازحين"*', "'مخيم' & 'النازحين':*"],
      ["Dhúusamarreeb Ka'a", '"dhuusamarreeb" AND "ka a"', "'dhuusamarreeb' & ('ka' <-> 'a')"],
      ["'); drop table x; --", '"drop" AND "table" AND "x"', "'drop' & 'table' & 'x'"],
      ["\\' OR 1=1", '"1 1"', "('1' <-> '1')"],
    ];
    for (const [raw, fts5, tsquery] of cases) expect(both(raw), raw).toEqual({ fts5, tsquery });
  });

  it("bounds a 10,000-character query", () => {
    const { fts5, tsquery } = both("x".repeat(10_000));
    expect(fts5).toBe(`"${"x".repeat(200)}"*`);
    expect(tsquery).toBe(`'${"x".repeat(200)}':*`);
  });
});
