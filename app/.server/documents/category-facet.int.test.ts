import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Category } from "~/lib/categories";
import { listQuery } from "~/lib/document-query";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { createDocument, listPublicDocuments } from "./documents.service";

/**
 * The library's category buttons show, for the current words and facets, what each category
 * holds, also while one category is chosen; the total and the page are the chosen category's.
 */
const SEEDS: Array<{ title: string; category: Category; tags: string[]; published?: boolean }> = [
  { title: "Flood report Baidoa", category: "Report", tags: ["Floods"] },
  { title: "Flood report Beletweyne", category: "Report", tags: ["Floods"] },
  { title: "Eviction report", category: "Report", tags: ["Evictions"] },
  { title: "Flood guidance", category: "Guideline", tags: ["Floods"] },
  { title: "Flood update", category: "Update", tags: ["Floods"] },
  { title: "Flood update draft", category: "Update", tags: ["Floods"], published: false },
];

for (const engine of testEngines()) {
  describe(`[${engine}] category counts`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(engine);
      for (const seed of SEEDS) {
        await createDocument(t.ctx, {
          title: seed.title,
          description: null,
          category: seed.category,
          tags: seed.tags,
          published: seed.published ?? true,
          uploadedBy: null,
          file: null,
        });
      }
    });
    afterEach(async () => t.cleanup());

    const counts = (facets: { category: Array<{ value: string; count: number }> } | null) =>
      Object.fromEntries((facets?.category ?? []).map((o) => [o.value, o.count]));

    it("counts every category whether or not one is chosen", async () => {
      const all = await listPublicDocuments(t.ctx, listQuery({ tags: ["Floods"] }));
      expect(all.page.total).toBe(4);
      expect(counts(all.facets)).toEqual({ Report: 2, Guideline: 1, Update: 1 });

      const reports = await listPublicDocuments(t.ctx, listQuery({ tags: ["Floods"], category: "Report" }));
      expect(reports.page.total).toBe(2);
      expect(reports.page.items.map((d) => d.title).sort()).toEqual(["Flood report Baidoa", "Flood report Beletweyne"]);
      expect(counts(reports.facets)).toEqual({ Report: 2, Guideline: 1, Update: 1 });
      // The other facets still count the chosen category's documents only.
      expect(reports.facets?.tags).toEqual([{ value: "Floods", label: "Floods", count: 2 }]);
    });

    it("a list page's own category counts its documents only", async () => {
      const page = await listPublicDocuments(t.ctx, listQuery({ q: "flood" }), { category: "Update" });
      expect(page.page.total).toBe(1);
      expect(page.page.items.map((d) => d.title)).toEqual(["Flood update"]);
    });
  });
}
