import { describe, expect, it } from "vitest";
import { cleanFacetValue, FACET_LIMITS, FACET_MESSAGES, facetKey, readDocumentFacets, splitFacetList } from "./document-facets";

describe("partner, sectors and locations as they are stored", () => {
  it("trims, collapses inner white space and composes accents, so one value has one spelling", () => {
    expect(cleanFacetValue("  Lower \t Shabelle \n")).toBe("Lower Shabelle");
    expect(cleanFacetValue("Cafe\u0301")).toBe("Café");
    expect(facetKey(" Shelter/NFI ")).toBe("shelter/nfi");
  });

  it("splits every box on commas and semicolons, drops empty parts and repeats (first spelling wins)", () => {
    expect(splitFacetList(["CCCM, wash", "", " WASH ;Protection", "cccm"])).toEqual(["CCCM", "wash", "Protection"]);
    expect(splitFacetList([])).toEqual([]);
  });

  it("reads a form's values: an empty partner is none", () => {
    expect(readDocumentFacets({ partner: "  IOM ", sectors: ["CCCM,WASH"], locations: ["Bay", "Baidoa", "bay"] })).toEqual({
      ok: true,
      facets: { partner: "IOM", sectors: ["CCCM", "WASH"], locations: ["Bay", "Baidoa"] },
    });
    expect(readDocumentFacets({ partner: "   ", sectors: [], locations: [] })).toEqual({
      ok: true,
      facets: { partner: null, sectors: [], locations: [] },
    });
  });

  it("caps lengths and counts with messages that say which field and what limit", () => {
    const long = "x".repeat(FACET_LIMITS.partnerLength + 1);
    expect(readDocumentFacets({ partner: long, sectors: [], locations: [] })).toEqual({
      ok: false,
      field: "partner",
      message: FACET_MESSAGES.partnerTooLong,
    });
    expect(readDocumentFacets({ partner: "x".repeat(FACET_LIMITS.partnerLength), sectors: [], locations: [] }).ok).toBe(true);
    const item = "y".repeat(FACET_LIMITS.itemLength + 1);
    expect(readDocumentFacets({ partner: "", sectors: [item], locations: [] })).toMatchObject({
      field: "sectors",
      message: FACET_MESSAGES.sectorTooLong,
    });
    expect(readDocumentFacets({ partner: "", sectors: [], locations: [item] })).toMatchObject({
      field: "locations",
      message: FACET_MESSAGES.locationTooLong,
    });
    const many = Array.from({ length: FACET_LIMITS.items + 1 }, (_, i) => `Value ${i}`);
    expect(readDocumentFacets({ partner: "", sectors: many, locations: [] })).toMatchObject({
      field: "sectors",
      message: FACET_MESSAGES.tooManySectors,
    });
    expect(readDocumentFacets({ partner: "", sectors: [], locations: many })).toMatchObject({
      field: "locations",
      message: FACET_MESSAGES.tooManyLocations,
    });
    expect(FACET_MESSAGES.partnerTooLong).toBe("Validation Error: Partner must be at most 120 characters");
    expect(FACET_MESSAGES.tooManySectors).toBe("Validation Error: Please give at most 20 sectors");
  });
});
