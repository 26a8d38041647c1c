import { describe, expect, it } from "vitest";
import { parseDashboardQuery } from "~/lib/dashboards";
import { PER_MAX, readListQuery } from "~/lib/document-query";
import { dashboardListParams, documentListParams, readParams, toSearchParams } from "./schemas";

/**
 * The API reads its addresses through the documented parameter schemas (decision 0035). Reading
 * stays as lenient as the lists' own readers: for any address, going through the schema gives the
 * same query as reading the address directly.
 */

const ADDRESSES = [
  "",
  "q=camp%20management&sort=relevance",
  "q=a&q=b",
  `q=${"x".repeat(10_000)}`,
  "q=camp%00management",
  "page=-1",
  "page=0",
  "page=99999999",
  "page=abc",
  "page=1e309",
  "page=2&per=12",
  "per=100000",
  "per=5",
  "per=-5",
  "type=exe",
  "type=pdf&type=word",
  "language=so",
  "language=fr",
  "year=abc",
  "year=2024",
  "year=99999",
  "from=2026-02-30",
  "from=2026-02-01&to=2026-13-45",
  "tag=Evictions&tag=evictions&tag=HLP&tag=HLP",
  "tag=a&tag=b&tag=c&tag=d&tag=e&tag=f",
  "partner=NRC&location=Baidoa&sector=CCCM",
  "sector=%00",
  "sort=bogus",
  "sort=title",
  "category=guidelines",
  "category=all",
  "category=",
];

describe("the documented parameters", () => {
  it("read a list's address as the lists' own reader does", () => {
    for (const address of ADDRESSES) {
      const params = new URLSearchParams(address);
      const through = readListQuery(toSearchParams(readParams(documentListParams, params)), { per: PER_MAX, category: true });
      expect(through, address).toEqual(readListQuery(params, { per: PER_MAX, category: true }));
    }
  });

  it("drop what does not fit rather than refuse it, and keep repeated values", () => {
    expect(readParams(documentListParams, new URLSearchParams("type=exe&year=abc&page=-1&tag=a&tag=b&sort=title"))).toEqual({
      q: undefined,
      category: undefined,
      type: undefined,
      language: undefined,
      year: undefined,
      tag: ["a", "b"],
      partner: [],
      location: [],
      sector: [],
      from: undefined,
      to: undefined,
      sort: "title",
      page: undefined,
      per: undefined,
    });
  });

  it("read the dashboards' address as the dashboards page does", () => {
    for (const address of ["", "q=camp&provider=REACH", "category=monitoring&sort=date", "category=nope", "sort=nope&view=list"]) {
      const params = new URLSearchParams(address);
      const through = parseDashboardQuery(toSearchParams(readParams(dashboardListParams, params)));
      // The view is the page's own (grid or list): the API has none.
      expect({ ...through, view: "grid" }, address).toEqual({ ...parseDashboardQuery(params), view: "grid" });
    }
    // The old data model's type names (the page still reads them) are no category of the API's.
    expect(readParams(dashboardListParams, new URLSearchParams("category=site_monitoring")).category).toBeUndefined();
  });
});
