import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { CATEGORIES, canonicalCategory, categoryLabel, LIBRARY_FILTERS } from "./categories";

describe("library filters", () => {
  it("offer every category a document can have, after All", () => {
    expect(LIBRARY_FILTERS[0]).toBe("All");
    for (const category of CATEGORIES) expect(LIBRARY_FILTERS).toContain(category);
    expect(LIBRARY_FILTERS).toHaveLength(CATEGORIES.length + 1);
  });
  it("keep the spec's order and put Update before Other", () => {
    expect(LIBRARY_FILTERS).toEqual(["All", "Report", "Policy", "Guideline", "Training", "Template", "Presentation", "Update", "Other"]);
  });
  it("each filter is its own canonical category", () => {
    for (const filter of LIBRARY_FILTERS.slice(1)) expect(canonicalCategory(filter)).toBe(filter);
  });
});

describe("category labels", () => {
  it("are the values themselves in English, and every filter has its own in Somali", () => {
    for (const filter of LIBRARY_FILTERS) expect(categoryLabel(filter, i18nFor("en"))).toBe(filter);
    const somali = LIBRARY_FILTERS.map((filter) => categoryLabel(filter, i18nFor("so")));
    expect(new Set(somali).size).toBe(LIBRARY_FILTERS.length);
    expect(somali).not.toContain("Report");
  });
  it("show a value outside the list as it is", () => {
    expect(categoryLabel("Dashboard", i18nFor("so"))).toBe("Dashboard");
  });
});
