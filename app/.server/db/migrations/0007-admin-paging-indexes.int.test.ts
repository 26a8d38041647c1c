import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../../tests/support/engines";
import { listFolders } from "../../folders/folders.admin";
import { migrateTo, migrateToLatest } from "../migrate";

/** Migration 0007 on a database that already holds folders: their sort and search keys are filled. */
for (const engine of testEngines()) {
  describe(`[${engine}] migration 0007-admin-paging-indexes`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(engine, { migrate: false });
      await migrateTo(t.ctx.db.kysely, engine, "0006-search-index");
    });
    afterEach(async () => t.cleanup());

    it("fills the keys of existing folders, so they sort and search as new ones do", async () => {
      const db = t.ctx.db.kysely;
      const at = "2026-01-01T00:00:00.000Z";
      const base = {
        description: null,
        is_public: 1,
        share_token: null,
        view_count: 0,
        created_by_id: null,
        created_at: at,
        updated_at: at,
      };
      // Inserted as the schema before 0007 had them: without keys.
      await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .insertInto("folders")
        .values([
          { ...base, id: "a", name: "Safety Audits" },
          { ...base, id: "b", name: "Échanges", description: "Notes de réunion" },
          { ...base, id: "c", name: "Net 10" },
          { ...base, id: "d", name: "Net 2" },
        ])
        .execute();
      expect(await migrateToLatest(db, engine)).toContain("0007-admin-paging-indexes");
      expect((await listFolders(t.ctx)).page.items.map((f) => f.name)).toEqual(["Échanges", "Net 2", "Net 10", "Safety Audits"]);
      expect((await listFolders(t.ctx, "REUNION")).page.items.map((f) => f.id)).toEqual(["b"]);
      const keys = await db.selectFrom("folders").select(["id", "name_key", "search_key"]).orderBy("id").execute();
      expect(keys).toEqual([
        { id: "a", name_key: "safety audits", search_key: "safety audits\n" },
        { id: "b", name_key: "echanges", search_key: "echanges\nnotes de reunion" },
        { id: "c", name_key: "net 000000000010", search_key: "net 10\n" },
        { id: "d", name_key: "net 000000000002", search_key: "net 2\n" },
      ]);
    });
  });
}
