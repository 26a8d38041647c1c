import type { Kysely } from "kysely";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listQuery } from "~/lib/document-query";
import { createTestApp, type TestApp, testEngines } from "../../../../tests/support/engines";
import { listDocuments } from "../../documents/listing";
import { migrateTo, migrateToLatest } from "../migrate";

/**
 * Migration 0008 on a database that already holds documents: every search entry gets its
 * document's published flag, category, lower-case extension and date, so a search filters on them.
 */
for (const engine of testEngines()) {
  describe(`[${engine}] migration 0008-search-filter-columns`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(engine, { migrate: false });
      await migrateTo(t.ctx.db.kysely, engine, "0007-admin-paging-indexes");
    });
    afterEach(async () => t.cleanup());

    it("fills the entries of existing documents, so searches filter them as new ones", async () => {
      const db = t.ctx.db.kysely;
      const doc = (id: string, title: string, more: Record<string, unknown>) => ({
        id,
        title,
        description: null,
        category: "Report",
        tags: "[]",
        sectors: "[]",
        locations: "[]",
        published: 1,
        file_ext: "pdf",
        created_at: "2024-05-01T00:00:00.000Z",
        updated_at: "2024-05-01T00:00:00.000Z",
        ...more,
      });
      await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto("documents")
        .values([
          doc("a", "Flood response plan", { file_ext: "DOCX", category: "Guideline", created_at: "2023-02-01T00:00:00.000Z" }),
          doc("b", "Flood site audit", {}),
          doc("c", "Flood draft notes", { published: 0 }),
        ])
        .execute();
      expect(await migrateToLatest(db, engine)).toContain("0008-search-filter-columns");

      const table = engine === "postgres" ? sql.raw("search_vectors") : sql.raw("search_keys");
      const { rows } = await sql<Record<string, unknown>>`
        select document_id, published, category, file_ext, created_at from ${table} order by document_id`.execute(db);
      expect(rows.map((r) => ({ ...r, published: Number(r.published) }))).toEqual([
        { document_id: "a", published: 1, category: "Guideline", file_ext: "docx", created_at: "2023-02-01T00:00:00.000Z" },
        { document_id: "b", published: 1, category: "Report", file_ext: "pdf", created_at: "2024-05-01T00:00:00.000Z" },
        { document_id: "c", published: 0, category: "Report", file_ext: "pdf", created_at: "2024-05-01T00:00:00.000Z" },
      ]);

      const ids = async (change: Parameters<typeof listQuery>[0]) =>
        (await listDocuments(t.ctx, { query: listQuery(change), scope: "public", facets: true })).page.items.map((i) => i.row.id).sort();
      expect(await ids({ q: "flood" })).toEqual(["a", "b"]);
      expect(await ids({ q: "flood", type: "word" })).toEqual(["a"]);
      expect(await ids({ q: "flood", year: 2024 })).toEqual(["b"]);
      expect(await ids({ q: "flood", category: "Guideline" })).toEqual(["a"]);
    });
  });
}
