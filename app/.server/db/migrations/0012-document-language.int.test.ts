import type { Kysely } from "kysely";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listQuery } from "~/lib/document-query";
import { createTestApp, type TestApp, testEngines } from "../../../../tests/support/engines";
import { listDocuments } from "../../documents/listing";
import { migrateTo, migrateToLatest } from "../migrate";

/**
 * Migration 0012 on a database that already holds documents: each is English, and a search
 * still finds it and counts it as English.
 */
for (const engine of testEngines()) {
  describe(`[${engine}] migration 0012-document-language`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(engine, { migrate: false });
      await migrateTo(t.ctx.db.kysely, engine, "0011-two-factor");
    });
    afterEach(async () => t.cleanup());

    it("makes existing documents English, in the documents and in the lists", async () => {
      const db = t.ctx.db.kysely;
      const at = "2024-05-01T00:00:00.000Z";
      await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto("documents")
        .values(
          ["a", "b"].map((id) => ({
            id,
            title: `Flood plan ${id}`,
            description: null,
            category: "Report",
            tags: "[]",
            sectors: "[]",
            locations: "[]",
            published: 1,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      expect(await migrateToLatest(db, engine)).toContain("0012-document-language");

      const { rows: documents } = await sql<{ id: string; language: string }>`select id, language from documents order by id`.execute(db);
      expect(documents).toEqual([
        { id: "a", language: "en" },
        { id: "b", language: "en" },
      ]);
      const found = await listDocuments(t.ctx, { query: listQuery({ q: "flood", language: "en" }), scope: "public", facets: true });
      expect(found.page.total).toBe(2);
      expect(found.facets?.language).toEqual([{ value: "en", label: "en", count: 2 }]);
    });
  });
}
