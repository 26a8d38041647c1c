import { CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DocumentListQuery, listQuery } from "~/lib/document-query";
import { createTestApp, type TestApp, type TestEngine, testEngines } from "../../../tests/support/engines";
import type { AppContext } from "../context";
import { rebuildSearchIndex } from "../search/search-index";
import { listDocuments } from "./listing";

/**
 * Query plans of the list service on a large library (issue 10; replaces the test of the dropped
 * trigram index). The SQL explained is the SQL the service runs, recorded as it runs:
 *
 * - PostgreSQL, 20,000 generated documents with their facet rows, the index rebuilt and the
 *   statistics fresh: a search is one statement, which reads search_vectors through its GIN index
 *   (never a Seq Scan of it); a page's rows are read by id, and the most downloaded (the one order
 *   the list index leaves to the database) is read in an index's order, with no Sort of all rows.
 * - SQLite (5,000 documents, ANALYZEd): the search is FTS5's MATCH on its own index; rows by id
 *   and the most downloaded from an index, sorting at most the ties of its last terms.
 */

const SIZE: Record<TestEngine, number> = { postgres: 20_000, sqlite: 5_000 };
/** One document in 400 has the rare word "Xudur" in its title (all of them published). */
const RARE = (g: number) => g % 400 === 7;

const TITLES = ["Site Monitoring", "Eviction Report", "WASH Assessment", "Flood Update", "Shelter Survey"];
const TAGS = ["Site Monitoring", "Evictions", "WASH", "Floods", "Shelter", "CFM"];
const PARTNERS = ["IOM", "NRC", "DRC", "REACH", "Save the Children"];
const SECTORS = ["CCCM", "WASH", "HLP", "Shelter/NFI"];
const PLACES = ["Baidoa", "Kismayo", "Mogadishu", "Beledweyne", "Dhuusamarreeb", "Galkayo", "Bosaso"];
const CATEGORIES = ["Report", "Policy", "Guideline", "Training", "Template", "Presentation", "Update", "Other"];

/** Documents gen-000001... and their facet rows, in one statement each (generate_series / a recursive CTE). */
async function generate(t: TestApp, engine: TestEngine, size: number): Promise<void> {
  const db = t.ctx.db.kysely;
  const pick = (list: string[], mod: number) =>
    engine === "postgres"
      ? sql.raw(`(array[${list.map((v) => `'${v}'`).join(",")}])[1 + g % ${mod}]`)
      : sql.raw(`(case g % ${mod} ${list.map((v, i) => `when ${i} then '${v}'`).join(" ")} end)`);
  const jsonOne = (value: ReturnType<typeof pick>) =>
    engine === "postgres" ? sql`json_build_array(${value})::text` : sql`json_array(${value})`;
  const at =
    engine === "postgres"
      ? sql`to_char(timestamp '2018-01-01' + g * interval '97 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', '2018-01-01', '+' || (g * 97) || ' minutes')`;
  const series =
    engine === "postgres"
      ? sql`generate_series(1, ${sql.lit(size)}) g`
      : sql`(with recursive s(g) as (select 1 union all select g + 1 from s where g < ${sql.lit(size)}) select g from s)`;
  const id = engine === "postgres" ? sql`'gen-' || lpad(g::text, 6, '0')` : sql`'gen-' || printf('%06d', g)`;
  const rare = sql.raw(`case when g % 400 = 7 then ' Xudur' else '' end`);
  await sql`insert into documents (id, title, description, category, tags, partner, sectors, locations, file_ext, published, download_count, created_at, updated_at)
    select ${id},
      ${pick(TITLES, 5)} || ' ' || ${pick(PLACES, 7)} || ${rare} || ' round ' || g,
      'Displaced households in ' || ${pick(PLACES, 7)} || ', monitoring round ' || g,
      ${pick(CATEGORIES, 8)}, ${jsonOne(pick(TAGS, 6))}, ${pick(PARTNERS, 5)}, ${jsonOne(pick(SECTORS, 4))}, ${jsonOne(pick(PLACES, 7))},
      'pdf', case when g % 10 = 0 then 0 else 1 end, g % 97, ${at}, ${at}
    from ${series}`.execute(db);
  for (const [facet, column] of [
    ["tag", "tags"],
    ["partner", "partner"],
    ["sector", "sectors"],
    ["location", "locations"],
  ] as const) {
    const value =
      column === "partner"
        ? sql.ref(`d.${column}`)
        : engine === "postgres"
          ? sql`(d.${sql.ref(column)}::json ->> 0)`
          : sql`json_extract(d.${sql.ref(column)}, '$[0]')`;
    await sql`insert into document_facets (id, document_id, facet, value, value_key)
      select d.id || ${`:${facet}`}, d.id, ${facet}, ${value}, lower(${value}) from documents d`.execute(db);
  }
  await rebuildSearchIndex(db, engine);
  await sql.raw(engine === "postgres" ? "vacuum analyze" : "analyze").execute(db);
}

/** A context whose database records every query it runs, compiled. */
function recording(ctx: AppContext): { ctx: AppContext; queries: CompiledQuery[] } {
  const queries: CompiledQuery[] = [];
  const kysely = ctx.db.kysely;
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      queries.push(kysely.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { ctx: { ...ctx, db: { ...ctx.db, kysely: kysely.withPlugin(plugin) } }, queries };
}

interface PgNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  Plans?: PgNode[];
}

function nodesOf(plan: PgNode): PgNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** PostgreSQL: the plan's nodes. SQLite: the plan's lines. */
async function explain(ctx: AppContext, query: CompiledQuery): Promise<PgNode[] | string[]> {
  const db = ctx.db.kysely;
  if (ctx.db.engine === "postgres") {
    const { rows } = await db.executeQuery<{ "QUERY PLAN": [{ Plan: PgNode }] }>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    return nodesOf(rows[0]!["QUERY PLAN"][0].Plan);
  }
  const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
  return rows.map((r) => r.detail);
}

const describePlan = (plan: PgNode[] | string[]) =>
  plan.map((n) => (typeof n === "string" ? n : `${n["Node Type"]} ${n["Relation Name"] ?? ""} ${n["Index Name"] ?? ""}`)).join("\n");

for (const engine of testEngines()) {
  describe(`[${engine}] query plans of the lists over ${SIZE[engine].toLocaleString("en")} documents`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(engine);
      await generate(t, engine, SIZE[engine]);
    }, 120_000);
    afterAll(async () => t?.cleanup());

    /** Lists `change` with facets through a recording context: the result and every query it ran. */
    async function run(change: Partial<DocumentListQuery>) {
      const { ctx, queries } = recording(t.ctx);
      const result = await listDocuments(ctx, { query: listQuery(change), scope: "public", facets: true });
      return { result, queries: queries.filter((q) => /\bdocuments\b|search_fts|search_vectors/.test(q.sql)) };
    }

    it("matches through the full-text index, in the counts and in the page, never scanning it", async () => {
      const rare = Array.from({ length: SIZE[engine] }, (_, i) => i + 1).filter(RARE).length;
      const cases: [Partial<DocumentListQuery>, number | null][] = [
        [{ q: "xudur" }, rare],
        [{ q: "xud" }, rare],
        [{ q: "xudur", sort: "newest" }, rare],
        [{ q: "baidoa xudur" }, null],
        [{ q: "xudur", tags: ["Evictions"] }, null],
        [{ q: "xudur", category: "Other" }, rare],
      ];
      for (const [change, total] of cases) {
        const { result, queries } = await run(change);
        expect(result.page.total, JSON.stringify(change)).toBeGreaterThan(0);
        if (total !== null) expect(result.page.total, JSON.stringify(change)).toBe(total);
        const matching = queries.filter((q) => /search_vectors|search_fts/.test(q.sql));
        // One statement matches the words; the counts and the page's order come from the list index.
        expect(matching.length, JSON.stringify(change)).toBe(1);
        for (const query of matching) {
          const plan = await explain(t.ctx, query);
          const shown = `${JSON.stringify(change)}\n${query.sql}\n${describePlan(plan)}`;
          if (engine === "postgres") {
            const nodes = plan as PgNode[];
            expect(
              nodes.some((n) => n["Index Name"] === "search_vectors_vector_idx"),
              shown,
            ).toBe(true);
            expect(
              nodes.some((n) => n["Node Type"] === "Seq Scan" && n["Relation Name"] === "search_vectors"),
              shown,
            ).toBe(false);
          } else {
            const lines = plan as string[];
            // M: the MATCH constraint, answered by FTS5's own index (=M: for one rowid at a time).
            expect(
              lines.some((l) => /^SCAN (search_fts|s) VIRTUAL TABLE INDEX \d+:=?M/.test(l)),
              shown,
            ).toBe(true);
            // Matches are filtered on their entries (r, by rowid), never by scanning entries or documents.
            expect(
              lines.some((l) => /^SCAN (r|d|documents|search_keys)\b/.test(l)),
              shown,
            ).toBe(false);
          }
        }
      }
    });

    it("reads a page's rows by id, and orders by downloads from an index, without sorting them all", async () => {
      for (const change of [
        {},
        { sort: "oldest" as const },
        { sort: "title" as const },
        { sort: "downloads" as const },
        { category: "Report" as const },
        { page: 50 },
      ]) {
        const { result, queries } = await run({ per: 24, ...change });
        expect(result.page.items).toHaveLength(24);
        // The list index orders and pages every order but the most downloaded; the rows are read by id.
        const byId = queries.find((q) => /^select \* from documents where id in/.test(q.sql.trim()))!;
        expect(byId, JSON.stringify(change)).toBeDefined();
        const checks = [byId];
        if (change.sort === "downloads") {
          // Download counts change on every download: that order is the database's, one page of ids.
          const page = queries.find((q) => /^select r\.id as id from documents r/.test(q.sql.trim()))!;
          expect(page, JSON.stringify(change)).toBeDefined();
          checks.push(page);
        }
        for (const query of checks) {
          const plan = await explain(t.ctx, query);
          const shown = `${JSON.stringify(change)}\n${query.sql}\n${describePlan(plan)}`;
          if (engine === "postgres") {
            const nodes = plan as PgNode[];
            expect(
              nodes.some((n) => /Index/.test(n["Node Type"]) && n["Relation Name"] === "documents"),
              shown,
            ).toBe(true);
            // An Incremental Sort orders the ties of an index's order; a Sort would order every row.
            expect(
              nodes.some((n) => n["Node Type"] === "Seq Scan" || (query !== byId && n["Node Type"] === "Sort")),
              shown,
            ).toBe(false);
          } else {
            const lines = plan as string[];
            expect(
              lines.some((l) => /^SEARCH (r|documents) USING (COVERING )?INDEX (documents_|sqlite_autoindex_documents)/.test(l)),
              shown,
            ).toBe(true);
            // "FOR LAST TERM(S) OF ORDER BY" sorts only ties; "FOR ORDER BY" would sort every row.
            expect(
              lines.some((l) => l === "USE TEMP B-TREE FOR ORDER BY" || /^SCAN (r|documents)\b/.test(l)),
              shown,
            ).toBe(false);
          }
        }
      }
    });
  });
}
