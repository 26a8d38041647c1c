import { type Kysely, type RawBuilder, sql } from "kysely";
import { facetKey } from "~/lib/document-facets";
import { type DocumentFilters, FILE_TYPES, MULTI_FACETS, type Sort } from "~/lib/document-query";
import type { Engine } from "../db/client";
import type { Database, DocumentRow } from "../db/types";

/**
 * The SQL of document lists (listing.ts decides what to ask): one set of conditions for the rows,
 * their exact count and their facet counts, so the three always describe the same documents.
 * Every list is paged with LIMIT/OFFSET and ordered by an indexed key, every count is a GROUP BY
 * over the filtered rows; the full-text match is a semi-join on the search index
 * (search-index.ts). Values are always bound parameters.
 */

export interface ListFilter extends DocumentFilters {
  /** Published only (every public list), or every document (the admin table). */
  publishedOnly: boolean;
  /** A published state the admin table chose ("draft" / "published"), or none. */
  state?: "published" | "draft" | null;
  /** The rendered full-text query for this engine (render.ts), or null for no search. */
  match: string | null;
}

/** The full-text condition on `d`: its id is among the documents the index matches. */
function matchCondition(engine: Engine, match: string): RawBuilder<boolean> {
  return engine === "postgres"
    ? sql<boolean>`d.id in (select document_id from search_vectors where vector @@ to_tsquery('simple', ${match}))`
    : sql<boolean>`d.id in (select k.document_id from search_fts join search_keys k on k.rowid = search_fts.rowid where search_fts match ${match})`;
}

/** The first instant after a day (dates are stored as ISO timestamps in UTC). */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** The conditions on `documents d` that every query of one list shares; `withMatch` false leaves the search out. */
function conditions(engine: Engine, f: ListFilter, withMatch = true): RawBuilder<boolean>[] {
  const where: RawBuilder<boolean>[] = [];
  if (f.publishedOnly || f.state === "published") where.push(sql`d.published = 1`);
  else if (f.state === "draft") where.push(sql`d.published = 0`);
  if (f.category) where.push(sql`d.category = ${f.category}`);
  if (f.type) where.push(sql`lower(d.file_ext) in (${sql.join(FILE_TYPES[f.type].extensions.map((e) => sql`${e}`))})`);
  if (f.year !== null)
    where.push(sql`d.created_at >= ${`${f.year}-01-01T00:00:00.000Z`} and d.created_at < ${`${f.year + 1}-01-01T00:00:00.000Z`}`);
  if (f.from) where.push(sql`d.created_at >= ${`${f.from}T00:00:00.000Z`}`);
  if (f.to) where.push(sql`d.created_at < ${dayAfter(f.to)}`);
  for (const { param, field } of MULTI_FACETS) {
    for (const value of f[field]) {
      where.push(sql`d.id in (select document_id from document_facets where facet = ${param} and value_key = ${facetKey(value)})`);
    }
  }
  if (withMatch && f.match !== null) where.push(matchCondition(engine, f.match));
  return where;
}

function whereClause(where: RawBuilder<boolean>[]): RawBuilder<unknown> {
  return where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
}

/** ORDER BY for a sort; relevance orders by the joined rank `r.rank` (lower is better in FTS5, higher in PostgreSQL). */
function orderBy(engine: Engine, sort: Sort): RawBuilder<unknown> {
  switch (sort) {
    case "relevance":
      return engine === "postgres" ? sql`r.rank desc, d.created_at desc, d.id desc` : sql`r.rank, d.created_at desc, d.id desc`;
    case "oldest":
      return sql`d.created_at, d.id`;
    case "title":
      return sql`lower(d.title), d.id`;
    case "downloads":
      return sql`d.download_count desc, d.created_at desc, d.id desc`;
    default:
      return sql`d.created_at desc, d.id desc`;
  }
}

/** The ranked matches as a derived table `r` (document_id, rank), weights title > description > keywords. */
function rankedMatches(engine: Engine, match: string): RawBuilder<unknown> {
  return engine === "postgres"
    ? sql`(select document_id, ts_rank_cd(vector, q) as rank from search_vectors, to_tsquery('simple', ${match}) q where vector @@ q) r`
    : sql`(select k.document_id, bm25(search_fts, 10.0, 4.0, 2.0) as rank from search_fts join search_keys k on k.rowid = search_fts.rowid where search_fts match ${match}) r`;
}

/** One page of the filtered documents in the chosen order. */
export async function selectListPage(
  db: Kysely<Database>,
  engine: Engine,
  f: ListFilter,
  sort: Sort,
  limit: number,
  offset: number,
): Promise<DocumentRow[]> {
  const ranked = sort === "relevance" && f.match !== null;
  const from = ranked ? sql`documents d join ${rankedMatches(engine, f.match!)} on r.document_id = d.id` : sql`documents d`;
  const where = whereClause(conditions(engine, f, !ranked));
  const { rows } =
    await sql<DocumentRow>`select d.* from ${from} ${where} order by ${orderBy(engine, ranked ? "relevance" : sort === "relevance" ? "newest" : sort)} limit ${limit} offset ${offset}`.execute(
      db,
    );
  return rows;
}

export interface CountRow {
  value: string | null;
  n: number;
}

/** The filtered documents per category (their sum is the exact total). */
export async function countByCategory(db: Kysely<Database>, engine: Engine, f: ListFilter): Promise<CountRow[]> {
  const { rows } = await sql<{ value: string; n: string | number }>`
    select d.category as value, count(*) as n from documents d ${whereClause(conditions(engine, f))} group by d.category`.execute(db);
  return rows.map((r) => ({ value: r.value, n: Number(r.n) }));
}

/** The filtered documents per file extension (lower-cased) and per year. */
export async function countByExtensionAndYear(
  db: Kysely<Database>,
  engine: Engine,
  f: ListFilter,
): Promise<{ extensions: CountRow[]; years: CountRow[] }> {
  const where = whereClause(conditions(engine, f));
  const [extensions, years] = await Promise.all([
    sql<{ value: string | null; n: string | number }>`
      select lower(d.file_ext) as value, count(*) as n from documents d ${where} group by lower(d.file_ext)`.execute(db),
    sql<{ value: string; n: string | number }>`
      select substr(d.created_at, 1, 4) as value, count(*) as n from documents d ${where} group by substr(d.created_at, 1, 4)`.execute(db),
  ]);
  const shape = (rows: Array<{ value: string | null; n: string | number }>) => rows.map((r) => ({ value: r.value, n: Number(r.n) }));
  return { extensions: shape(extensions.rows), years: shape(years.rows) };
}

export interface FacetCountRow {
  facet: string;
  value: string;
  n: number;
}

/** The filtered documents per value of every multi-valued facet (tag, partner, location, sector). */
export async function countByFacetValue(db: Kysely<Database>, engine: Engine, f: ListFilter): Promise<FacetCountRow[]> {
  const where = conditions(engine, f);
  const { rows } = await sql<{ facet: string; value: string; n: string | number }>`
    select f.facet as facet, min(f.value) as value, count(*) as n
    from document_facets f join documents d on d.id = f.document_id
    ${whereClause(where)}
    group by f.facet, f.value_key`.execute(db);
  return rows.map((r) => ({ facet: r.facet, value: r.value, n: Number(r.n) }));
}

/** The exact number of filtered documents. */
export async function countFiltered(db: Kysely<Database>, engine: Engine, f: ListFilter): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from documents d ${whereClause(conditions(engine, f))}`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0);
}
