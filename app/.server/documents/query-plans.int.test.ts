import { CompiledQuery, type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DocumentListQuery, EMPTY_FILTERS, listQuery } from "~/lib/document-query";
import { createTestApp, type TestApp, type TestEngine, testEngines } from "../../../tests/support/engines";
import type { AppContext } from "../context";
import { parseSearchQuery } from "../search/query";
import { bumpSearchVersion, readSearchVersion } from "../search/search-index";
import { listDocuments, listIndexAt } from "./listing";

/**
 * Query plans of the list service on a large library (issue 10; replaces the test of the dropped
 * trigram index). The SQL explained is the SQL the service runs, recorded as it runs:
 *
 * - PostgreSQL, 20,000 generated documents with their facet rows and fresh statistics; SQLite,
 *   5,000, ANALYZEd.
 * - A search reads no document but the page's: the words are matched in the list index
 *   (decision 0039), the words inside files in the page index.
 * - A page's rows are read by id. The most downloaded (the one order the list index leaves to
 *   the database) is read in the order of an index, sorting at most the ties of its last terms;
 *   a list of a few thousand documents is ordered among their ids.
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
  await bumpSearchVersion(db);
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
      return { result, queries: queries.filter((q) => /\bdocuments\b/.test(q.sql)) };
    }

    it("finds the words without reading any document but the page's, with exact totals", async () => {
      const rare = Array.from({ length: SIZE[engine] }, (_, i) => i + 1).filter(RARE).length;
      const cases: [Partial<DocumentListQuery>, number | null][] = [
        [{ q: "xudur" }, rare],
        [{ q: "xud" }, rare],
        [{ q: "xudur", sort: "newest" }, rare],
        [{ q: "baidoa xudur" }, null],
        [{ q: "xudur", tags: ["Evictions"] }, null],
        [{ q: "xudur", category: "Other" }, rare],
        [{ q: "monitoring" }, null],
      ];
      for (const [change, total] of cases) {
        const { result, queries } = await run(change);
        expect(result.page.total, JSON.stringify(change)).toBeGreaterThan(0);
        if (total !== null) expect(result.page.total, JSON.stringify(change)).toBe(total);
        // Each run has a new context, so its list index is loaded first (by id, a batch at a time).
        const reading = queries.filter((q) => /\bdocuments\b/.test(q.sql) && !/^select "id", "title"/.test(q.sql.trim()));
        // The page's rows and their files, by id, and nothing else of the documents.
        expect(reading.length, JSON.stringify(change)).toBeGreaterThan(0);
        for (const query of reading) expect(query.sql, JSON.stringify(change)).toMatch(/id"? in \(/);
      }
    });

    it("gives every page of a frequent search in the whole relevance order, the first pages and the far ones", async () => {
      // "monitoring" is in every description: only the best matches are put in order for the
      // first pages (MATCHES_ORDERED, on PostgreSQL's 20,000); a later page needs the whole order.
      const index = await listIndexAt(t.ctx, await readSearchVersion(t.ctx.db.kysely));
      const everyMatch = index.match(parseSearchQuery("monitoring")).documents;
      const published = index.select({ ...EMPTY_FILTERS, publishedOnly: true }, everyMatch);
      const expected = Array.from(published, (o) => index.idOf(o));
      const { ctx } = recording(t.ctx);
      for (const page of [1, 2, 19, 21, 40, 1]) {
        const { page: result } = await listDocuments(ctx, { query: listQuery({ q: "monitoring", page, per: 100 }), scope: "public" });
        expect(
          result.items.map((i) => i.row.id),
          `page ${page}`,
        ).toEqual(expected.slice((page - 1) * 100, page * 100));
      }
    });

    it("reads a page's rows by id, and orders by downloads from an index, without sorting them all", async () => {
      for (const change of [
        {},
        { sort: "oldest" as const },
        { sort: "title" as const },
        { sort: "downloads" as const },
        { sort: "downloads" as const, tags: ["Evictions"] },
        { sort: "downloads" as const, q: "xudur" },
        { category: "Report" as const },
        { page: 50 },
      ]) {
        const { result, queries } = await run({ per: 24, ...change });
        expect(result.page.items).toHaveLength(Math.min(24, result.page.total));
        expect(result.page.total).toBeGreaterThan(10);
        // The list index orders and pages every order but the most downloaded; the rows are read by id.
        const byId = queries.find((q) => /^select \* from documents where id in/.test(q.sql.trim()))!;
        expect(byId, JSON.stringify(change)).toBeDefined();
        const checks = [byId];
        // Sorted here: a page's rows by id, and a few thousand documents' ids in the most downloaded order.
        const sorting = new Set([byId]);
        if (change.sort === "downloads") {
          // Download counts change on every download: that order is the database's.
          const page = queries.find((q) => /order by download_count desc/.test(q.sql))!;
          expect(page, JSON.stringify(change)).toBeDefined();
          checks.push(page);
          const among = /json_each|any\(/.test(page.sql);
          // A rare word's few documents are ordered among their ids; a tag's sixth of the library is
          // read in the order of the index until the page is full.
          expect(among, JSON.stringify(change)).toBe("q" in change);
          if (among) sorting.add(page);
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
              nodes.some((n) => n["Node Type"] === "Seq Scan" || (!sorting.has(query) && n["Node Type"] === "Sort")),
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
              lines.some((l) => (!sorting.has(query) && l === "USE TEMP B-TREE FOR ORDER BY") || /^SCAN (r|documents)\b/.test(l)),
              shown,
            ).toBe(false);
          }
        }
      }
    });
  });
}
