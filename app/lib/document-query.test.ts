import { describe, expect, it } from "vitest";
import { CARD_PER, isFiltered, listHref, listQuery, readListQuery } from "./document-query";

const read = (href: string) => readListQuery(new URL(href, "http://portal.test").searchParams, { per: CARD_PER, category: true });

describe("listHref", () => {
  it("writes only what differs from the defaults, and any change but the page goes back to page 1", () => {
    const query = listQuery({ tags: ["Evictions"], page: 3 });
    expect(listHref("/reports", listQuery(), {}, CARD_PER)).toBe("/reports");
    expect(listHref("/reports", query, {}, CARD_PER)).toBe("/reports?tag=Evictions");
    expect(listHref("/reports", query, { page: 4 }, CARD_PER)).toBe("/reports?tag=Evictions&page=4");
    expect(listHref("/reports", query, { type: "pdf" }, CARD_PER)).toBe("/reports?type=pdf&tag=Evictions");
  });

  it("lets a default sort follow new words, and keeps a chosen one", () => {
    // Newest is the default without words; typing words makes relevance the default, unwritten.
    expect(listHref("/documents", listQuery(), { q: "eviction" }, CARD_PER)).toBe("/documents?q=eviction");
    expect(listHref("/documents", listQuery({ q: "eviction" }), { q: "" }, CARD_PER)).toBe("/documents");
    expect(listHref("/documents", listQuery({ sort: "title" }), { q: "eviction" }, CARD_PER)).toBe("/documents?q=eviction&sort=title");
    expect(listHref("/documents", listQuery({ q: "eviction", sort: "newest" }), { q: "baidoa" }, CARD_PER)).toBe(
      "/documents?q=baidoa&sort=newest",
    );
    expect(listHref("/documents", listQuery(), { q: "eviction", sort: "oldest" }, CARD_PER)).toBe("/documents?q=eviction&sort=oldest");
  });

  it("round-trips through readListQuery", () => {
    const query = listQuery({
      q: "site monitoring",
      category: "Report",
      type: "spreadsheet",
      language: "so",
      year: 2025,
      tags: ["Evictions", "Banadir & Bay"],
      partners: ["IOM"],
      locations: ["Baidoa"],
      sectors: ["WASH"],
      from: "2025-01-01",
      to: "2025-06-30",
      sort: "title",
      page: 2,
    });
    expect(read(listHref("/documents", query, { page: 2 }, CARD_PER))).toEqual(query);
  });
});

describe("readListQuery", () => {
  it("reads the documents' language from `language` only, one of its codes, and drops anything else", () => {
    expect(read("/documents?language=so").language).toBe("so");
    expect(read("/documents?language=other").language).toBe("other");
    expect(read("/documents").language).toBeNull();
    for (const value of ["SO", "somali", "fr", "", " so"]) expect(read(`/documents?language=${value}`).language).toBeNull();
    // `lang` is the interface's language (its cookie and switch), never a filter.
    expect(read("/documents?lang=so").language).toBeNull();
    expect(isFiltered(read("/documents?lang=so"))).toBe(false);
    expect(isFiltered(read("/documents?language=so"))).toBe(true);
    expect(listHref("/reports", listQuery(), { language: "so" }, CARD_PER)).toBe("/reports?language=so");
  });

  it("shows page 1 for a page that is not a positive whole number", () => {
    for (const page of ["-1", "0", "abc", "1e309", ""]) expect(read(`/documents?page=${page}`).page).toBe(1);
    expect(read("/documents?page=99999999").page).toBe(99_999_999);
  });
});
