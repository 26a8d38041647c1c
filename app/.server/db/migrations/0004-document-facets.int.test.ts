import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../../tests/support/engines";
import { migrateTo, migrateToLatest } from "../migrate";

/** Migration 0004 on a database that already holds documents with partner, sectors and locations. */
for (const engine of testEngines()) {
  describe(`[${engine}] migration 0004-document-facets`, () => {
    let t: TestApp;
    beforeEach(async () => {
      // The database as it was just before 0004: no facet table yet.
      t = await createTestApp(engine, { migrate: false });
      await migrateTo(t.ctx.db.kysely, engine, "0003-dashboard-thumbnails");
    });
    afterEach(async () => t.cleanup());

    it("indexes the values documents already have, cleaned, each once", async () => {
      const db = t.ctx.db.kysely;
      const at = "2026-01-01T00:00:00.000Z";
      const base = { category: "Report", tags: "[]", search_text: "", created_at: at, updated_at: at };
      await db
        .insertInto("documents")
        .values([
          { ...base, id: "a", title: "A", partner: " IOM ", sectors: '["CCCM","cccm","  WASH"]', locations: '["Bay","Baidoa"]' },
          { ...base, id: "b", title: "B", partner: null, sectors: "not json", locations: "[]" },
        ])
        .execute();
      expect((await migrateToLatest(db, engine))[0]).toBe("0004-document-facets");
      const rows = await db
        .selectFrom("document_facets")
        .select(["document_id", "facet", "value", "value_key"])
        .orderBy("facet")
        .orderBy("value")
        .execute();
      expect(rows).toEqual([
        { document_id: "a", facet: "location", value: "Baidoa", value_key: "baidoa" },
        { document_id: "a", facet: "location", value: "Bay", value_key: "bay" },
        { document_id: "a", facet: "partner", value: "IOM", value_key: "iom" },
        { document_id: "a", facet: "sector", value: "CCCM", value_key: "cccm" },
        { document_id: "a", facet: "sector", value: "WASH", value_key: "wash" },
      ]);
    });
  });
}
