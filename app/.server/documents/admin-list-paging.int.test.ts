import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listQuery, TABLE_PER } from "~/lib/document-query";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { createDocument, listDocuments } from "./documents.service";

/**
 * The admin Documents table (issue 10): one page of every document, drafts included, narrowed by
 * the search words, published/draft and category, with the exact total and a stable order.
 */
for (const engine of testEngines()) {
  describe(`[${engine}] admin documents table, paged and filtered`, () => {
    let t: TestApp;
    let clock = new Date("2026-03-01T08:00:00.000Z");
    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => clock });
      const start = clock.getTime();
      for (let i = 0; i < 30; i++) {
        // Two documents a second: the newest-first order breaks ties by id.
        clock = new Date(start + Math.floor(i / 2) * 1000);
        await createDocument(t.ctx, {
          title: i % 3 === 0 ? `Eviction monitoring ${i}` : `Site profile ${i}`,
          description: null,
          category: i % 2 === 0 ? "Report" : "Policy",
          tags: [],
          published: i % 4 !== 0,
          folderId: null,
          uploadedBy: null,
          file: null,
        });
      }
    });
    afterEach(async () => t.cleanup());

    const list = (change: Parameters<typeof listQuery>[0], state: "published" | "draft" | null = null) =>
      listDocuments(t.ctx, { query: listQuery({ per: TABLE_PER, ...change }), scope: "staff", state });

    it("pages every document, drafts included, 12 a page newest first, and shows the last page past the end", async () => {
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push((await list({ page, per: 12 })).page);
      expect(pages.map((p) => [p.items.length, p.total, p.page, p.pageCount])).toEqual([
        [12, 30, 1, 3],
        [12, 30, 2, 3],
        [6, 30, 3, 3],
      ]);
      const rows = pages.flatMap((p) => p.items.map((i) => i.row));
      const expected = [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1));
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(new Set(rows.map((r) => r.id)).size).toBe(30);
      const past = (await list({ page: 99999999, per: 12 })).page;
      expect(past).toMatchObject({ page: 3, pageCount: 3, total: 30 });
      expect(past.items.map((i) => i.row.id)).toEqual(pages[2]!.items.map((i) => i.row.id));
    });

    it("narrows by state, category and search words, each with its exact total", async () => {
      expect((await list({}, "draft")).page.total).toBe(8);
      expect((await list({}, "published")).page.total).toBe(22);
      expect((await list({ category: "Report" })).page.total).toBe(15);
      const evictions = (await list({ q: "eviction" })).page;
      expect(evictions.total).toBe(10);
      expect(evictions.items.every((i) => i.row.title.startsWith("Eviction"))).toBe(true);
      const draftEvictions = (await list({ q: "evict", per: 12 }, "draft")).page;
      // i = 0, 12 and 24: multiples of both 3 and 4.
      expect(draftEvictions.items.map((i) => i.row.title).sort()).toEqual([
        "Eviction monitoring 0",
        "Eviction monitoring 12",
        "Eviction monitoring 24",
      ]);
      const byTitle = (await list({ sort: "title", per: 12, page: 2 }, "published")).page;
      expect(byTitle).toMatchObject({ total: 22, page: 2, pageCount: 2 });
      expect(byTitle.items).toHaveLength(10);
      expect((await list({ q: "nothing like this", page: 5 })).page).toEqual({
        items: [],
        total: 0,
        page: 1,
        per: TABLE_PER,
        pageCount: 1,
      });
    });
  });
}
