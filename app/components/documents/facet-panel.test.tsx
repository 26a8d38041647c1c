import { I18nProvider } from "@lingui/react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { type FacetCounts, listQuery } from "~/lib/document-query";
import { FacetPanel, panelFilterCount } from "./facet-panel";
import { listState } from "./list-state";

const FACETS: FacetCounts = {
  category: [],
  type: [{ value: "pdf", label: "PDF", count: 7 }],
  language: [],
  year: [
    { value: "2026", label: "2026", count: 5 },
    { value: "2025", label: "2025", count: 2 },
  ],
  tags: [{ value: "Evictions", label: "Evictions", count: 7 }],
  partners: [],
  locations: [],
  sectors: [],
};

const render = (query: Parameters<typeof listQuery>[0], facets: FacetCounts = FACETS, total = 7, language: "en" | "so" = "en") =>
  renderToStaticMarkup(
    <I18nProvider i18n={i18nFor(language)}>
      <MemoryRouter>
        <FacetPanel list={listState("/reports", listQuery(query))} facets={facets} total={total} />
      </MemoryRouter>
    </I18nProvider>,
  );

/** Each option link as [text, href, current]. */
function links(html: string): Array<[string, string, boolean]> {
  return [...html.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map(([, attrs, inner]) => [
    inner!
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim(),
    /href="([^"]*)"/.exec(attrs!)![1]!.replaceAll("&amp;", "&"),
    attrs!.includes('aria-current="true"'),
  ]);
}

describe("FacetPanel", () => {
  it("is a closed <details> of option links with counts; groups without options are left out", () => {
    const html = render({});
    expect(html).toMatch(/^<details [^>]*><summary/);
    expect(html).not.toMatch(/<details[^>]* open/);
    expect(html).not.toContain("Partners");
    expect(links(html)).toEqual([
      ["PDF 7", "/reports?type=pdf", false],
      ["2026 5", "/reports?year=2026", false],
      ["2025 2", "/reports?year=2025", false],
      ["Evictions 7", "/reports?tag=Evictions", false],
    ]);
  });

  it("marks chosen options current, their links take them away, and other values add to them", () => {
    const html = render({ q: "site", year: 2026, tags: ["evictions", "Not counted"] }, { ...FACETS, year: [FACETS.year[0]!] }, 3);
    expect(links(html)).toEqual([
      ["PDF 7", "/reports?q=site&type=pdf&year=2026&tag=evictions&tag=Not+counted", false],
      ["2026 5", "/reports?q=site&tag=evictions&tag=Not+counted", true],
      // A chosen value beyond the counted ones still shows, so it can be taken away.
      ["Not counted", "/reports?q=site&year=2026&tag=evictions", true],
      ["Evictions 7", "/reports?q=site&year=2026&tag=Not+counted", true],
    ]);
    expect(html).toContain(">Filters <span");
  });

  it("keeps the other filters as hidden fields of the date form, which submits from and to", () => {
    const html = render({ q: "site", tags: ["Evictions"], sort: "title", from: "2026-01-01", page: 3 });
    const [open, form] = /(<form [^>]*>)(.*?)<\/form>/.exec(html)!.slice(1) as [string, string];
    expect(open).toContain('action="/reports"');
    expect(open).toContain('method="get"');
    const hidden = [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => `${m[1]}=${m[2]}`);
    expect(hidden).toEqual(["q=site", "tag=Evictions", "sort=title"]);
    expect(form).toMatch(/<input type="date" [^>]*name="from" value="2026-01-01"/);
    expect(form).toMatch(/<input type="date" min="2026-01-01" [^>]*name="to" value=""/);
    expect(form).toContain(">Apply dates</button>");
  });

  it("is left out when nothing is listed and nothing is chosen", () => {
    expect(render({ q: "nothing" }, { ...FACETS, type: [], year: [], tags: [] }, 0)).toBe("");
    expect(panelFilterCount(listQuery({ type: "pdf", tags: ["a", "b"], to: "2026-01-01", q: "x", category: "Report" }))).toBe(4);
  });

  it("offers the documents' languages by name in the reader's language, as `language` in the links", () => {
    const facets = {
      ...FACETS,
      language: [
        { value: "en", label: "en", count: 5 },
        { value: "so", label: "so", count: 2 },
      ],
    };
    const english = render({}, facets);
    expect(english).toContain(">Language</p>");
    expect(links(english).slice(1, 3)).toEqual([
      ["English 5", "/reports?language=en", false],
      ["Somali 2", "/reports?language=so", false],
    ]);
    const chosen = render({ language: "so" }, facets, 2, "so");
    expect(chosen).toContain(">Luqadda</p>");
    expect(links(chosen).slice(1, 3)).toEqual([
      ["Ingiriisi 5", "/reports?language=en", false],
      ["Af-Soomaali 2", "/reports", true],
    ]);
    expect(panelFilterCount(listQuery({ language: "so", type: "pdf" }))).toBe(2);
  });

  it("names the groups and the file types in the reader's language, and keeps the values in the links", () => {
    const facets = { ...FACETS, type: [...FACETS.type, { value: "spreadsheet", label: "Spreadsheet", count: 2 }] };
    const english = render({}, facets);
    expect(english).toContain(">Tags</p>");
    expect(links(english)[1]).toEqual(["Spreadsheet 2", "/reports?type=spreadsheet", false]);
    const somali = render({}, facets, 7, "so");
    expect(somali).not.toContain(">Tags</p>");
    expect(somali).not.toContain(">Apply dates<");
    const [pdf, spreadsheet] = links(somali);
    expect(pdf).toEqual(["PDF 7", "/reports?type=pdf", false]);
    expect(spreadsheet![0]).not.toContain("Spreadsheet");
    expect(spreadsheet![1]).toBe("/reports?type=spreadsheet");
  });
});
