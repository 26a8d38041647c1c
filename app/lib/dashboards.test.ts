import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import {
  applyDashboardQuery,
  categoryLabel,
  DASHBOARD_CATEGORIES,
  type DashboardListItem,
  DEFAULT_QUERY,
  dashboardCategory,
  dashboardsHref,
  distinctProviders,
  filterChips,
  filterDashboards,
  hasActiveFilters,
  httpsOrigin,
  httpsUrl,
  matchesSearch,
  parseDashboardQuery,
  sortDashboards,
} from "./dashboards";

function item(id: string, fields: Partial<DashboardListItem>): DashboardListItem {
  return {
    id,
    title: `Dashboard ${id}`,
    description: null,
    provider: "EXTERNAL",
    category: "other",
    created_at: "2026-01-01T00:00:00.000Z",
    display_order: 0,
    thumbnail_url: null,
    thumbnail: null,
    ...fields,
  };
}

const LIST = [
  item("a", {
    title: "New Arrivals Tracker",
    provider: "TABLEAU",
    category: "new_arrivals",
    display_order: 1,
    created_at: "2025-06-01T00:00:00.000Z",
  }),
  item("b", {
    title: "CCCM Site Monitoring",
    provider: "POWERBI",
    category: "monitoring",
    display_order: 0,
    created_at: "2025-03-01T00:00:00.000Z",
    description: "Population and gaps by district",
  }),
  item("c", {
    title: "eviction trends",
    provider: "RSHINY",
    category: "analytics",
    display_order: 2,
    created_at: "2025-09-01T00:00:00.000Z",
  }),
  item("d", {
    title: "Facility Map",
    provider: "POWERBI",
    category: "facility_map",
    display_order: 2,
    created_at: "2024-01-01T00:00:00.000Z",
  }),
];

describe("dashboard categories", () => {
  it("has the spec's labels", () => {
    expect(categoryLabel("monitoring")).toBe("Site Monitoring");
    expect(categoryLabel("facility_map")).toBe("Facility Mapping");
    expect(categoryLabel("catchment")).toBe("Catchment Areas");
    expect(categoryLabel("new_arrivals")).toBe("New Arrivals");
    expect(categoryLabel("reports")).toBe("Reports");
    expect(categoryLabel("analytics")).toBe("Analytics");
    expect(categoryLabel("other")).toBe("Other");
  });

  it("shows each category in the page's language, in English the same name the server sorts by", () => {
    for (const { value, label } of DASHBOARD_CATEGORIES) expect(categoryLabel(value, i18nFor("en"))).toBe(label);
    expect(categoryLabel("monitoring", i18nFor("so"))).not.toBe("Site Monitoring");
  });

  it("uses the category, else the type, else other", () => {
    expect(dashboardCategory({ category: "analytics", type: "site_monitoring" })).toBe("analytics");
    expect(dashboardCategory({ category: null, type: "site_monitoring" })).toBe("monitoring");
    expect(dashboardCategory({ category: "", type: "catchement" })).toBe("catchment");
    expect(dashboardCategory({ category: null, type: "facility_map" })).toBe("facility_map");
    expect(dashboardCategory({ category: null, type: "new_arrivals" })).toBe("new_arrivals");
    expect(dashboardCategory({ category: "not-a-category", type: "nonsense" })).toBe("other");
    expect(dashboardCategory({})).toBe("other");
    expect(dashboardCategory({ category: " Reports " })).toBe("reports");
  });
});

describe("https URLs", () => {
  it("keeps absolute https URLs only", () => {
    expect(httpsUrl("https://dashboards.example.org/a?embed=true")).toBe("https://dashboards.example.org/a?embed=true");
    for (const bad of [
      "http://example.org/",
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,<b>x</b>",
      "/dashboards/1",
      "",
      null,
      undefined,
      "https://",
      "not a url",
    ]) {
      expect(httpsUrl(bad), String(bad)).toBeNull();
    }
  });

  it("gives origins that cannot break a CSP header", () => {
    expect(httpsOrigin("https://App.PowerBI.com/view?r=1")).toBe("https://app.powerbi.com");
    expect(httpsOrigin("https://grafana.example.org:8443/d/x")).toBe("https://grafana.example.org:8443");
    expect(httpsOrigin("https://a;script-src/x")).toBeNull();
    expect(httpsOrigin("https://a,b/x")).toBeNull();
    expect(httpsOrigin("http://example.org/")).toBeNull();
    expect(httpsOrigin("javascript:alert(1)")).toBeNull();
  });
});

describe("search, filter and sort", () => {
  it("searches title, description and provider, ignoring case", () => {
    expect(matchesSearch(LIST[1]!, "GAPS")).toBe(true);
    expect(matchesSearch(LIST[1]!, "powerbi")).toBe(true);
    expect(matchesSearch(LIST[1]!, "site mon")).toBe(true);
    expect(matchesSearch(LIST[1]!, "tableau")).toBe(false);
    expect(matchesSearch(LIST[1]!, "  ")).toBe(true);
  });

  it("combines search, provider and category", () => {
    const ids = (q: Partial<typeof DEFAULT_QUERY>) => filterDashboards(LIST, { ...DEFAULT_QUERY, ...q }).map((d) => d.id);
    expect(ids({ provider: "powerbi" })).toEqual(["b", "d"]);
    expect(ids({ provider: "POWERBI", category: "facility_map" })).toEqual(["d"]);
    expect(ids({ q: "tracker", provider: "POWERBI" })).toEqual([]);
    expect(ids({ provider: "GRAFANA" })).toEqual([]);
    expect(ids({})).toEqual(["a", "b", "c", "d"]);
  });

  it("sorts by display order by default, and by title, date, provider or category", () => {
    const ids = (sort: Parameters<typeof sortDashboards>[1]) => sortDashboards(LIST, sort).map((d) => d.id);
    expect(ids("order")).toEqual(["b", "a", "c", "d"]);
    expect(ids("title")).toEqual(["b", "c", "d", "a"]);
    expect(ids("date")).toEqual(["c", "a", "b", "d"]);
    expect(ids("provider")).toEqual(["b", "d", "c", "a"]);
    expect(ids("category")).toEqual(["c", "d", "a", "b"]);
    expect(LIST.map((d) => d.id)).toEqual(["a", "b", "c", "d"]);
    expect(applyDashboardQuery(LIST, { ...DEFAULT_QUERY, provider: "POWERBI", sort: "title" }).map((d) => d.id)).toEqual(["b", "d"]);
  });

  it("lists each provider once", () => {
    expect(distinctProviders(LIST)).toEqual(["POWERBI", "RSHINY", "TABLEAU"]);
  });
});

describe("the query in the URL", () => {
  it("parses with defaults for missing and unknown values", () => {
    expect(parseDashboardQuery(new URLSearchParams(""))).toEqual(DEFAULT_QUERY);
    expect(parseDashboardQuery(new URLSearchParams("q=&provider=&category=&sort=&view="))).toEqual(DEFAULT_QUERY);
    expect(parseDashboardQuery(new URLSearchParams("q=%20baidoa%20&provider=POWERBI&category=monitoring&sort=date&view=list"))).toEqual({
      q: "baidoa",
      provider: "POWERBI",
      category: "monitoring",
      sort: "date",
      view: "list",
    });
    expect(parseDashboardQuery(new URLSearchParams("category=site_monitoring&sort=random&view=tiles"))).toMatchObject({
      category: "monitoring",
      sort: "order",
      view: "grid",
    });
    expect(parseDashboardQuery(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(200);
  });

  it("builds short links, and chips that each drop one filter", () => {
    const query = { ...DEFAULT_QUERY, q: "camp & site", provider: "POWERBI", category: "monitoring" as const, view: "list" as const };
    expect(hasActiveFilters(query)).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_QUERY, sort: "title", view: "list" })).toBe(false);
    expect(dashboardsHref(DEFAULT_QUERY)).toBe("/dashboards");
    expect(dashboardsHref(query)).toBe("/dashboards?q=camp+%26+site&provider=POWERBI&category=monitoring&view=list");
    expect(filterChips(query, i18nFor("en"))).toEqual([
      { key: "q", label: 'Search: "camp & site"', href: "/dashboards?provider=POWERBI&category=monitoring&view=list" },
      { key: "provider", label: "Provider: POWERBI", href: "/dashboards?q=camp+%26+site&category=monitoring&view=list" },
      { key: "category", label: "Category: Site Monitoring", href: "/dashboards?q=camp+%26+site&provider=POWERBI&view=list" },
    ]);
    expect(filterChips({ ...DEFAULT_QUERY, sort: "date" }, i18nFor("en"))).toEqual([]);
  });
});
