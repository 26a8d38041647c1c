import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { documentsQuery } from "./documents.queries";

/**
 * Substring search must not scan every row as the library grows: on PostgreSQL the pg_trgm GIN
 * index on search_text serves `search_text like '%q%'`. Checked on the plan of the app's own
 * query over 20,000 documents.
 */
for (const engine of testEngines().filter((e) => e === "postgres")) {
  describe(`[${engine}] search index`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(engine);
      await sql`
        insert into documents (id, title, category, tags, published, created_at, updated_at, search_text)
        select 'doc-' || n, 'Report ' || n, 'Report', '[]', 1,
               to_char(timestamp '2026-01-01' + n * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               to_char(timestamp '2026-01-01' + n * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'report ' || n || ' ' || md5(n::text)
        from generate_series(1, 20000) as n`.execute(t.ctx.db.kysely);
      // What autovacuum does after a bulk insert: moves GIN's pending entries into the index and
      // refreshes statistics (until then the planner prices the pending list as a scan).
      await sql`vacuum analyze documents`.execute(t.ctx.db.kysely);
    });
    afterAll(async () => t.cleanup());

    it("answers the library's substring search from the trigram index", async () => {
      const compiled = documentsQuery(t.ctx.db.kysely, { q: "baidoa idp", publishedOnly: true, limit: 200 }).compile();
      const plan = await t.ctx.db.kysely.executeQuery<{ "QUERY PLAN": string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      const text = plan.rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(text).toContain("documents_search_trgm_idx");
      expect(text).not.toMatch(/Seq Scan on documents/);
    });
  });
}
