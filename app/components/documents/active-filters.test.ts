import { describe, expect, it } from "vitest";
import { i18nFor } from "~/.server/i18n/i18n";
import { listQuery } from "~/lib/document-query";
import { listChips } from "./active-filters";
import { listState } from "./list-state";

describe("listChips", () => {
  it("names every filter in force, each linking to the list without that one value", () => {
    const list = listState(
      "/documents",
      listQuery({
        q: "flood",
        category: "Update",
        type: "pdf",
        year: 2026,
        tags: ["Floods", "Baidoa"],
        from: "2026-03-01",
        sort: "title",
        page: 2,
      }),
    );
    expect(listChips(list, i18nFor("en")).map(({ label, href }) => [label, href])).toEqual([
      ['Search: "flood"', "/documents?category=Update&type=pdf&year=2026&tag=Floods&tag=Baidoa&from=2026-03-01&sort=title"],
      ["Category: Update", "/documents?q=flood&type=pdf&year=2026&tag=Floods&tag=Baidoa&from=2026-03-01&sort=title"],
      ["Type: PDF", "/documents?q=flood&category=Update&year=2026&tag=Floods&tag=Baidoa&from=2026-03-01&sort=title"],
      ["Year: 2026", "/documents?q=flood&category=Update&type=pdf&tag=Floods&tag=Baidoa&from=2026-03-01&sort=title"],
      ["Tag: Floods", "/documents?q=flood&category=Update&type=pdf&year=2026&tag=Baidoa&from=2026-03-01&sort=title"],
      ["Tag: Baidoa", "/documents?q=flood&category=Update&type=pdf&year=2026&tag=Floods&from=2026-03-01&sort=title"],
      ["From: March 1, 2026", "/documents?q=flood&category=Update&type=pdf&year=2026&tag=Floods&tag=Baidoa&sort=title"],
    ]);
  });

  it("has no chip for an unfiltered list", () => {
    expect(listChips(listState("/reports", listQuery({ sort: "downloads", page: 4 })), i18nFor("en"))).toEqual([]);
  });

  it("says the filters in the reader's language, the values as they are", () => {
    const list = listState("/documents", listQuery({ q: "flood", category: "Guideline", tags: ["Baidoa"] }));
    const labels = listChips(list, i18nFor("so")).map((chip) => chip.label);
    expect(labels).toHaveLength(3);
    expect(labels[0]).toContain('"flood"');
    expect(labels[1]).not.toContain("Guideline");
    expect(labels[2]).toContain("Baidoa");
    expect(labels[2]).not.toMatch(/^Tag:/);
  });
});
