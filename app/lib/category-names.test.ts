import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { LIBRARY_FILTERS } from "./categories";
import { categoryLabel } from "./category-names";

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
