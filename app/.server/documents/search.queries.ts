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

/**
 * The filtered documents as a FROM clause whose rows `r` have the columns lists filter, count and
 * order by (published, category, file_ext, created_at), and `id`, the document's id.
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
 * On SQLite a match or a facet value is filtered on the search entries (`search_keys`), narrow
 * copies of the columns lists filter by (decision 0017), so no document is read by its text id
 * unless the order needs one (`withDocument`: title, downloads); and the join order is kept
 * (`cross join`): without ANALYZE it would otherwise scan every published document and probe the
 * match for each, which took minutes at 100,000 documents. PostgreSQL plans from its statistics
 * and filters on `documents` itself, which measured faster there (decision 0017).
 */
function source(engine: Engine, f: ListFilter, withDocument = false): Source {
  const where: RawBuilder<boolean>[] = [];
  const firstFacet = MULTI_FACETS.flatMap(({ param, field }) => f[field].map((value) => ({ param, value })))[0];
  const skip = f.match !== null || !firstFacet ? 0 : 1;
  if (engine === "postgres") {
    // PostgreSQL plans from its statistics: the documents' own indexes (newest first, by
    // category) often serve a filtered page better than the entries, whose rows carry the vector.
    let from = sql`documents r`;
    if (f.match !== null) {
      from = sql`search_vectors s join documents r on r.id = s.document_id`;
      where.push(sql`s.vector @@ to_tsquery('simple', ${f.match})`);
    } else if (firstFacet) {
      from = sql`document_facets f0 join documents r on r.id = f0.document_id`;
      where.push(sql`f0.facet = ${firstFacet.param} and f0.value_key = ${facetKey(firstFacet.value)}`);
    }
    return { from, where: [...where, ...conditions(f, sql`r.id`, skip)], id: sql`r.id`, doc: sql`r` };
  }
  if (f.match === null && !firstFacet) {
    return { from: sql`documents r`, where: conditions(f, sql`r.id`, 0), id: sql`r.id`, doc: sql`r` };
  }
  let from: RawBuilder<unknown>;
  if (f.match !== null) {
    from = sql`search_fts s cross join search_keys r on r.rowid = s.rowid`;
    where.push(sql`s.search_fts match ${f.match}`);
  } else {
    from = sql`document_facets f0 cross join search_keys r on r.document_id = f0.document_id`;
    where.push(sql`f0.facet = ${firstFacet!.param} and f0.value_key = ${facetKey(firstFacet!.value)}`);
  }
  // The entry reaches its document by id only when the order needs what only the document has.
  if (withDocument) from = sql`${from} cross join documents d on d.id = r.document_id`;
  const id = sql`r.document_id`;
  return { from, where: [...where, ...conditions(f, id, skip)], id, doc: withDocument ? sql`d` : sql`r` };
}

/** The first instant after a day (dates are stored as ISO timestamps in UTC). */
function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** The conditions on the rows `r` besides the source's own; the first `skipFacets` facet values are the source's. */
function conditions(f: ListFilter, id: RawBuilder<unknown>, skipFacets: number): RawBuilder<boolean>[] {
  const where: RawBuilder<boolean>[] = [];
  if (f.publishedOnly || f.state === "published") where.push(sql`r.published = 1`);
  else if (f.state === "draft") where.push(sql`r.published = 0`);
  if (f.category) where.push(sql`r.category = ${f.category}`);
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
function orderBy(engine: Engine, sort: Sort, match: string | null, { id, doc }: Source): RawBuilder<unknown> {
  switch (sort) {
    case "relevance":
      // Weights: title > description > keywords.
      return engine === "postgres"
        ? sql`ts_rank_cd(s.vector, to_tsquery('simple', ${match})) desc, r.created_at desc, ${id} desc`
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
 * which an index often serves without sorting), then those rows.
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
  if (ids.length === 0) return [];
  const { rows } = await sql<DocumentRow>`select * from documents where id in (${sql.join(ids.map((r) => sql`${r.id}`))})`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((r) => byId.get(r.id)).filter((r): r is DocumentRow => r !== undefined);
}

export interface CountRow {
  value: string | null;
  n: number;
}

/** The filtered documents per category (their sum is the exact total). */
export async function countByCategory(db: Kysely<Database>, engine: Engine, f: ListFilter): Promise<CountRow[]> {
  const { from, where } = source(engine, f);
  const { rows } = await sql<{ value: string; n: string | number }>`
    select r.category as value, count(*) as n from ${from} ${whereClause(where)} group by r.category`.execute(db);
  return rows.map((r) => ({ value: r.value, n: Number(r.n) }));
}

export interface FacetCountRow {
  facet: string;
  value: string;
  n: number;
}

export interface FacetCountRows {
  categories: CountRow[];
  /** Per file extension, lower-cased. */
  extensions: CountRow[];
  years: CountRow[];
  /** The `limit` most used values of each multi-valued facet (tag, partner, location, sector). */
  values: FacetCountRow[];
}

/**
 * Every facet count of the filtered documents in one statement, which filters them once (a
 * search's match is the costly part): the filtered ids, categories, extensions and years are
 * materialized, then grouped twice in a UNION ALL: by category, extension and year at once (at
 * most categories x extensions x years groups, summed per facet here), and per value of every
 * multi-valued facet, counted from the (document_id, facet, value_key) index alone. The stored
 * spelling of only the values kept is read afterwards (the first in the (facet, value_key,
 * value) index), rather than reading every facet row for it.
 */
export async function countFacets(db: Kysely<Database>, engine: Engine, f: ListFilter, limit: number): Promise<FacetCountRows> {
  const { from, where, id } = source(engine, f);
  const join = engine === "postgres" ? sql`join` : sql`cross join`;
  const { rows } = await sql<{ kind: number; a: string | null; b: string | null; c: string | null; n: string | number }>`
    with m as materialized (
      select ${id} as id, r.category as category, lower(r.file_ext) as ext, substr(r.created_at, 1, 4) as year
      from ${from} ${whereClause(where)})
    select 0 as kind, m.category as a, m.ext as b, m.year as c, count(*) as n from m group by m.category, m.ext, m.year
    union all
    select 1 as kind, fv.facet as a, fv.value_key as b, null as c, count(*) as n
    from m ${join} document_facets fv on fv.document_id = m.id group by fv.facet, fv.value_key`.execute(db);
  const grouped = rows.filter((r) => Number(r.kind) === 0);
  const sum = (key: (r: (typeof rows)[number]) => string | null): CountRow[] => {
    const totals = new Map<string | null, number>();
    for (const r of grouped) totals.set(key(r), (totals.get(key(r)) ?? 0) + Number(r.n));
    return [...totals].map(([value, n]) => ({ value, n }));
  };
  const kept = new Map<string, Array<{ facet: string; value_key: string; n: number }>>();
  for (const r of rows) {
    if (Number(r.kind) !== 1 || r.a === null || r.b === null) continue;
    const list = kept.get(r.a) ?? [];
    list.push({ facet: r.a, value_key: r.b, n: Number(r.n) });
    kept.set(r.a, list);
  }
  const top = [...kept.values()].flatMap((list) =>
    list.sort((a, b) => b.n - a.n || (a.value_key < b.value_key ? -1 : a.value_key > b.value_key ? 1 : 0)).slice(0, limit),
  );
  return {
    categories: sum((r) => r.a),
    extensions: sum((r) => r.b),
    years: sum((r) => r.c),
    values: await spellValues(db, top),
  };
}

/** The stored spelling of each counted facet value key. */
async function spellValues(db: Kysely<Database>, top: Array<{ facet: string; value_key: string; n: number }>): Promise<FacetCountRow[]> {
  if (top.length === 0) return [];
  const wanted = sql.join(top.map((t) => sql`(${t.facet}, ${t.value_key})`));
  const { rows: spellings } = await sql<{ facet: string; value_key: string; value: string }>`
    with w(facet, value_key) as (values ${wanted})
    select w.facet as facet, w.value_key as value_key,
      (select x.value from document_facets x where x.facet = w.facet and x.value_key = w.value_key order by x.value limit 1) as value
    from w`.execute(db);
  const spelling = new Map(spellings.map((s) => [`${s.facet}\u0000${s.value_key}`, s.value]));
  return top.map((t) => ({ facet: t.facet, value: spelling.get(`${t.facet}\u0000${t.value_key}`) ?? t.value_key, n: t.n }));
}

/** The exact number of filtered documents. */
export async function countFiltered(db: Kysely<Database>, engine: Engine, f: ListFilter): Promise<number> {
  const { from, where } = source(engine, f);
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${from} ${whereClause(where)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}
