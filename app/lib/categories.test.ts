import { describe, expect, it } from "vitest";
import { CATEGORIES, canonicalCategory, LIBRARY_FILTERS } from "./categories";

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
