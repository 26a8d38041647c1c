import type { Kysely } from "kysely";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listQuery } from "~/lib/document-query";
import { createTestApp, type TestApp, testEngines } from "../../../../tests/support/engines";
import { listDocuments } from "../../documents/listing";
import { migrateTo, migrateToLatest } from "../migrate";

/**
 * Migration 0014 on a database that already holds documents and their search entries: the
 * documents' entries are dropped (decision 0039), the words inside files keep theirs, and the
 * documents are still found, filtered and counted by their words (the list index reads them).
 */
const TABLES: Record<string, { retired: string[]; kept: string[] }> = {
  sqlite: { retired: ["search_fts", "search_keys"], kept: ["search_state", "search_changes", "search_pages_fts", "search_page_keys"] },
  postgres: { retired: ["search_vectors"], kept: ["search_state", "search_changes", "search_pages"] },
};

for (const engine of testEngines()) {
  describe(`[${engine}] migration 0014-retire-document-search-entries`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(engine, { migrate: false });
      await migrateTo(t.ctx.db.kysely, engine, "0013-site-texts-somali");
    });
    afterEach(async () => t.cleanup());

    async function tables(): Promise<string[]> {
      const { rows } =
        engine === "postgres"
          ? await sql<{
              name: string;
            }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(t.ctx.db.kysely)
          : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(t.ctx.db.kysely);
      return rows.map((r) => r.name);
    }

    it("drops the documents' entries, keeps the rest, and the documents are found as before", async () => {
      expect(await tables()).toEqual(expect.arrayContaining([...TABLES[engine]!.retired, ...TABLES[engine]!.kept]));
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
      expect(await migrateToLatest(db, engine)).toEqual(["0014-retire-document-search-entries"]);
      const after = await tables();
      for (const retired of TABLES[engine]!.retired) expect(after).not.toContain(retired);
      expect(after).toEqual(expect.arrayContaining(TABLES[engine]!.kept));

      const ids = async (change: Parameters<typeof listQuery>[0]) =>
        (await listDocuments(t.ctx, { query: listQuery(change), scope: "public", facets: true })).page.items.map((i) => i.row.id).sort();
      expect(await ids({ q: "flood" })).toEqual(["a", "b"]);
      expect(await ids({ q: "flood", type: "word" })).toEqual(["a"]);
      expect(await ids({ q: "flood", year: 2024 })).toEqual(["b"]);
      expect(await ids({ q: "flood", category: "Guideline" })).toEqual(["a"]);
      expect(await ids({ q: '"site audit"' })).toEqual(["b"]);
    });
  });
}
