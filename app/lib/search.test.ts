import { describe, expect, it } from "vitest";
import { matchesSearch, normaliseQuery } from "./search";

const doc = {
  title: "Baidoa IDP Site Monitoring Report",
  description: "Shelter and WASH conditions in Bay region.",
  tags: ["Evictions", "Rapport des déplacés"],
};

describe("matchesSearch", () => {
  it("matches everything with an empty or blank query", () => {
    expect(matchesSearch(doc, "")).toBe(true);
    expect(matchesSearch(doc, "   ")).toBe(true);
    expect(matchesSearch(doc, null)).toBe(true);
    expect(matchesSearch(doc, undefined)).toBe(true);
  });

  it("matches a substring of the title, the description or any tag, ignoring case", () => {
    expect(matchesSearch(doc, "site MONITORING")).toBe(true);
    expect(matchesSearch(doc, "wash cond")).toBe(true);
    expect(matchesSearch(doc, "evict")).toBe(true);
    expect(matchesSearch(doc, "DÉPLACÉS")).toBe(true);
  });

  it("ignores surrounding spaces but keeps inner ones", () => {
    expect(matchesSearch(doc, "  baidoa  ")).toBe(true);
    expect(matchesSearch(doc, "baidoa  idp")).toBe(false);
  });

  it("does not match across field boundaries or other fields", () => {
    expect(matchesSearch(doc, "report shelter")).toBe(false);
    expect(matchesSearch(doc, "evictions rapport")).toBe(false);
    expect(matchesSearch(doc, "kismayo")).toBe(false);
  });

  it("treats LIKE wildcards and regex characters literally", () => {
    expect(matchesSearch(doc, "%")).toBe(false);
    expect(matchesSearch(doc, "_")).toBe(false);
    expect(matchesSearch(doc, ".*")).toBe(false);
    expect(matchesSearch({ title: "Coverage 50% (Q1)", tags: [] }, "50% (q1")).toBe(true);
  });

  it("works without a description", () => {
    expect(matchesSearch({ title: "Strategy", description: null, tags: [] }, "strat")).toBe(true);
    expect(matchesSearch({ title: "Strategy", tags: [] }, "plan")).toBe(false);
  });
});

describe("normaliseQuery", () => {
  it("trims and lower-cases with full Unicode", () => {
    expect(normaliseQuery("  ÉVICTIONS ")).toBe("évictions");
    expect(normaliseQuery(null)).toBe("");
  });
});
