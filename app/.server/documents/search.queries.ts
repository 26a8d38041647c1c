import { type Kysely, type RawBuilder, sql } from "kysely";
import { facetKey } from "~/lib/document-facets";
import { type DocumentFilters, FILE_TYPES, MULTI_FACETS, type Sort } from "~/lib/document-query";
import type { Engine } from "../db/client";
import type { Database, DocumentRow } from "../db/types";
import { dayAfter } from "../search/list-index";

/**
 * The SQL of document lists (listing.ts decides what to ask): a search's matches in relevance
 * order, the pages the list index cannot order, and rows by id. Counting, filtering and the
 * other orders happen in the list index (list-index.ts, decision 0018), on the same conditions
 * as `conditions` here. The full-text match is a join on the search index (search-index.ts).
 * Values are always bound parameters.
 */

export interface ListFilter extends DocumentFilters {
  /** Published only (every public list), or every document (the admin table). */
  publishedOnly: boolean;
  /** A published state the admin table chose ("draft" / "published"), or none. */
  state?: "published" | "draft" | null;
  /** The rendered full-text query for this engine (render.ts), or null for no search. */
  match: string | null;
}

/**
 * The filtered documents as a FROM clause whose rows `r` have the columns lists filter, count and
 * order by (published, category, language, file_ext, created_at), and `id`, the document's id.
 */
interface Source {
  from: RawBuilder<unknown>;
  where: RawBuilder<boolean>[];
  id: RawBuilder<unknown>;
  /** The alias of the `documents` row, for what only it has (title, downloads). */
  doc: RawBuilder<unknown>;
}

/**
 * Where the filtered documents come from, as a join that starts at the most selective input we
 * can tell without statistics: the full-text match when there is one, else the first chosen facet
 * value's rows, else `documents` itself (whose indexes serve the published / category / date
 * conditions).
 *
 * A match is filtered on its search entries, narrow copies of the columns lists filter by
 * (`search_keys` next to SQLite's FTS5 rows, `search_vectors` on PostgreSQL; decision 0017), so
 * no document is read by its id unless the order needs one (`withDocument`: title, downloads).
 * A chosen facet value without a match is filtered on the entries on SQLite too; PostgreSQL plans
 * that case from its statistics and serves it best from the documents' own indexes (newest
 * first, by category), probing the facet for each. On SQLite the join order is kept
 * (`cross join`): without ANALYZE it would otherwise scan every published document and probe the
 * match for each, which took minutes at 100,000 documents.
 */
function source(engine: Engine, f: ListFilter, withDocument = false): Source {
  const firstFacet = MULTI_FACETS.flatMap(({ param, field }) => f[field].map((value) => ({ param, value })))[0];
  if (f.match === null && !firstFacet) {
    return { from: sql`documents r`, where: conditions(f, sql`r.id`, 0), id: sql`r.id`, doc: sql`r` };
  }
  const where: RawBuilder<boolean>[] = [];
  const facetRows = (facet: { param: string; value: string }) =>
    sql<boolean>`f0.facet = ${facet.param} and f0.value_key = ${facetKey(facet.value)}`;
  if (f.match === null && engine === "postgres") {
    where.push(facetRows(firstFacet!));
    const from = sql`document_facets f0 join documents r on r.id = f0.document_id`;
    return { from, where: [...where, ...conditions(f, sql`r.id`, 1)], id: sql`r.id`, doc: sql`r` };
  }
  let from: RawBuilder<unknown>;
  if (f.match === null) {
    from = sql`document_facets f0 cross join search_keys r on r.document_id = f0.document_id`;
    where.push(facetRows(firstFacet!));
  } else if (engine === "postgres") {
    from = sql`search_vectors r`;
    where.push(sql`r.vector @@ to_tsquery('simple', ${f.match})`);
  } else {
    from = sql`search_fts s cross join search_keys r on r.rowid = s.rowid`;
    where.push(sql`s.search_fts match ${f.match}`);
  }
  // The entry reaches its document by id only when the order needs what only the document has.
  if (withDocument) from = sql`${from} ${engine === "postgres" ? sql`join` : sql`cross join`} documents d on d.id = r.document_id`;
  const id = sql`r.document_id`;
  return { from, where: [...where, ...conditions(f, id, f.match === null ? 1 : 0)], id, doc: withDocument ? sql`d` : sql`r` };
}

/** The conditions on the rows `r` besides the source's own; the first `skipFacets` facet values are the source's. */
function conditions(f: ListFilter, id: RawBuilder<unknown>, skipFacets: number): RawBuilder<boolean>[] {
  const where: RawBuilder<boolean>[] = [];
  if (f.publishedOnly || f.state === "published") where.push(sql`r.published = 1`);
  else if (f.state === "draft") where.push(sql`r.published = 0`);
  if (f.category) where.push(sql`r.category = ${f.category}`);
  if (f.language) where.push(sql`r.language = ${f.language}`);
  if (f.type) where.push(sql`lower(r.file_ext) in (${sql.join(FILE_TYPES[f.type].extensions.map((e) => sql`${e}`))})`);
  if (f.year !== null)
    where.push(sql`r.created_at >= ${`${f.year}-01-01T00:00:00.000Z`} and r.created_at < ${`${f.year + 1}-01-01T00:00:00.000Z`}`);
  if (f.from) where.push(sql`r.created_at >= ${`${f.from}T00:00:00.000Z`}`);
  if (f.to) where.push(sql`r.created_at < ${dayAfter(f.to)}`);
  let skip = skipFacets;
  for (const { param, field } of MULTI_FACETS) {
    for (const value of f[field]) {
      if (skip-- > 0) continue;
      where.push(sql`${id} in (select document_id from document_facets where facet = ${param} and value_key = ${facetKey(value)})`);
    }
  }
  return where;
}

function whereClause(where: RawBuilder<boolean>[]): RawBuilder<unknown> {
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

/** Sorts that order by what only the document row has. */
const DOCUMENT_SORTS: ReadonlySet<Sort> = new Set(["title", "downloads"]);

/** ORDER BY for a sort; relevance orders by the match's rank (lower is better in FTS5's bm25, higher in ts_rank_cd). */
function orderBy(engine: Engine, sort: Sort, match: string | null, { id, doc }: Pick<Source, "id" | "doc">): RawBuilder<unknown> {
  switch (sort) {
    case "relevance":
      // Weights: title > description > keywords. PostgreSQL ranks by ts_rank, word frequency by
      // weight with the entry's length dividing (normalisation 1), like FTS5's bm25: ts_rank_cd's
      // cover density cost 2.5 times as much (a pair of words matching 38,000 of 100,000
      // documents: 300 ms against 120 ms, measured), and bm25 weighs no proximity either.
      return engine === "postgres"
        ? sql`ts_rank(r.vector, to_tsquery('simple', ${match}), 1) desc, r.created_at desc, ${id} desc`
        : sql`bm25(search_fts, 10.0, 4.0, 2.0), r.created_at desc, ${id} desc`;
    case "oldest":
      return sql`r.created_at, ${id}`;
    case "title":
      return sql`lower(${doc}.title), ${id}`;
    case "downloads":
      return sql`${doc}.download_count desc, r.created_at desc, ${id} desc`;
    default:
      return sql`r.created_at desc, ${id} desc`;
  }
}

/**
 * One page of the filtered documents in the chosen order: the page's ids first (a narrow sort,
 * which an index often serves without sorting), then those rows. For the orders the list index
 * cannot hold (most downloaded: counts change on every download) and the home page's newest.
 */
export async function selectListPage(
  db: Kysely<Database>,
  engine: Engine,
  f: ListFilter,
  sort: Sort,
  limit: number,
  offset: number,
): Promise<DocumentRow[]> {
  const effective = sort === "relevance" && f.match === null ? "newest" : sort;
  const src = source(engine, f, DOCUMENT_SORTS.has(effective));
  const { rows: ids } = await sql<{ id: string }>`select ${src.id} as id from ${src.from} ${whereClause(src.where)}
    order by ${orderBy(engine, effective, f.match, src)} limit ${limit} offset ${offset}`.execute(db);
  return selectRowsByIds(
    db,
    ids.map((r) => r.id),
  );
}

/**
 * Every filtered document matching the search words, best first (the relevance order): what the
 * list index filters, counts and pages (decision 0018). One statement, which the list caches per
 * search version, so the later pages and orders of the same search do not match again.
 */
export async function selectMatchIds(db: Kysely<Database>, engine: Engine, f: ListFilter & { match: string }): Promise<string[]> {
  const src = source(engine, f);
  const { rows } = await sql<{ id: string }>`select ${src.id} as id from ${src.from} ${whereClause(src.where)}
    order by ${orderBy(engine, "relevance", f.match, src)}`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Which of the given documents match the search words, best first: for a search whose facets
 * leave few candidates (the list index knows them), ranking those beats matching every document
 * that has the words and filtering afterwards (a frequent pair of words matches 40% of the library).
 * PostgreSQL reads the candidates' entries by key and tests each; SQLite still matches first (FTS5
 * finds 40,000 matches in under 10 ms, but testing one rowid at a time costs a pass over the words'
 * lists each: seconds) and ranks only the candidates among them (a frequent pair of words with a
 * year and a partner at 100,000 documents: 15 ms; 27 ms when each match was joined to its entry first).
 */
export async function selectMatchIdsAmong(db: Kysely<Database>, engine: Engine, match: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const order = orderBy(engine, "relevance", match, { id: sql`r.document_id`, doc: sql`r` });
  const { rows } =
    engine === "postgres"
      ? await sql<{ id: string }>`select r.document_id as id from search_vectors r
          where r.document_id = any(${[...ids]}::text[]) and r.vector @@ to_tsquery('simple', ${match}) order by ${order}`.execute(db)
      : // The candidates' rowids are looked up once; each match is then tested by its own rowid (`+`
        // keeps that test away from FTS5, which would otherwise run the match once per candidate).
        await sql<{ id: string }>`select r.document_id as id from search_fts s cross join search_keys r on r.rowid = s.rowid
          where s.search_fts match ${match}
            and +s.rowid in (select k.rowid from search_keys k where k.document_id in (select value from json_each(${JSON.stringify(ids)})))
          order by ${order}`.execute(db);
  return rows.map((r) => r.id);
}

/** Documents by id, in the order of the ids given (an id no longer there is left out). */
export async function selectRowsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<DocumentRow>`select * from documents where id in (${sql.join(ids.map((id) => sql`${id}`))})`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is DocumentRow => r !== undefined);
}
