import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS, readListQuery } from "./document-query";
import { feedHref, feedLanguage, feedMeta } from "./feeds";

describe("feed addresses", () => {
  it("carry a list's words, category and facets, never its sort, page or size", () => {
    const query = readListQuery(new URLSearchParams("q=floods&tag=Baidoa&type=pdf&sort=title&page=3&per=48"), { per: 24, category: true });
    expect(feedHref("atom", query, null)).toBe("/feeds/atom?q=floods&type=pdf&tag=Baidoa");
    expect(feedHref("rss", query, "Report")).toBe("/feeds/rss?q=floods&category=Report&type=pdf&tag=Baidoa");
    expect(feedHref("atom", EMPTY_FILTERS, null)).toBe("/feeds/atom");
  });

  it("name the reader's language only when it is not the default one", () => {
    expect(feedHref("atom", EMPTY_FILTERS, "Policy", "so")).toBe("/feeds/atom?category=Policy&lang=so");
    expect(feedHref("atom", EMPTY_FILTERS, null, "en")).toBe("/feeds/atom");
    expect(feedHref("atom", EMPTY_FILTERS, null, "en-XA")).toBe("/feeds/atom");
    expect(feedLanguage(new URLSearchParams("lang=so"))).toBe("so");
    expect(feedLanguage(new URLSearchParams("lang=fr"))).toBeNull();
  });

  it("become the head's alternate links", () => {
    expect(feedMeta([{ format: "rss", href: "/feeds/rss", title: "CCCM Somalia: Reports (RSS)" }])).toEqual([
      { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "CCCM Somalia: Reports (RSS)", href: "/feeds/rss" },
    ]);
    expect(feedMeta(undefined)).toEqual([]);
  });
});
