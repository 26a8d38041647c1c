import { CATEGORIES, type Category } from "~/lib/categories";
import {
  type DocumentListQuery,
  EMPTY_FILTERS,
  type FacetCounts,
  type FacetOption,
  FILE_TYPES,
  type FileType,
  fileTypeOfExtension,
  type ResultPage,
  type SnippetPart,
} from "~/lib/document-query";
import { type Paging, readPage } from "~/lib/paging";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { highlightTerms, parseSearchQuery } from "../search/query";
import { renderFts5, renderTsquery } from "../search/render";
import { CountCache } from "../search/search-cache";
import { readSearchVersion } from "../search/search-index";
import { buildSnippet } from "../search/snippet";
import { countDocuments, countPublishedInFolder, selectPublishedInFolder } from "./documents.queries";
import { type PublicDocument, type PublicListItem, toPublicDocument, toPublicListItem } from "./public-shapes";
import { type CountRow, countByCategory, countFacets, countFiltered, type ListFilter, selectListPage } from "./search.queries";

/**
 * Document lists at any size (issue 10): the public lists, the library, the public JSON, the
 * admin table and the home page's counts. Every list is one page of a filtered, ordered result
 * with its exact total; public lists also get facet counts over the same result. Counts are
 * cached per search-state version (search-cache.ts); the page of rows is always read fresh.
 */

/** How many values of a multi-valued facet are offered (the most used first). */
export const FACET_OPTION_LIMIT = 20;

export interface ListRequest {
  query: DocumentListQuery;
  /** "public": published documents only; "staff": every document (the admin table). */
  scope: "public" | "staff";
  /** The page's own category (reports, guidelines, standards); overrides the query's. */
  category?: Category;
  /** The admin table's published/draft choice. */
  state?: "published" | "draft" | null;
  /** Whether to count facets (the public lists); the admin table needs only the total. */
  facets?: boolean;
}

export interface ListedDocument {
  row: DocumentRow;
  /** An excerpt around the first matched word, when there is a search and a match in the description. */
  snippet: SnippetPart[] | null;
}

export interface ListResult {
  page: ResultPage<ListedDocument>;
  facets: FacetCounts | null;
}

const caches = new WeakMap<AppContext, CountCache>();
function cacheOf(ctx: AppContext): CountCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new CountCache();
    caches.set(ctx, cache);
  }
  return cache;
}

function toFilter(ctx: AppContext, request: ListRequest): { filter: ListFilter; terms: string[] } {
  const parsed = parseSearchQuery(request.query.q);
  const match = ctx.db.engine === "postgres" ? renderTsquery(parsed) : renderFts5(parsed);
  // The page, its size and the order are not filters: left out, every page and order of one list
  // shares its cached counts (countKey).
  const { sort: _sort, page: _page, per: _per, ...filters } = request.query;
  const filter: ListFilter = {
    ...filters,
    category: request.category ?? request.query.category,
    publishedOnly: request.scope === "public",
    state: request.scope === "staff" ? (request.state ?? null) : null,
    match,
  };
  return { filter, terms: match === null ? [] : highlightTerms(parsed) };
}

/** The cache key of a filter: everything that changes which documents are counted. */
function countKey(kind: string, f: ListFilter): string {
  const { q: _typed, ...rest } = f;
  return JSON.stringify([kind, rest]);
}

function options(
  rows: CountRow[],
  label: (value: string) => string | null,
  order: (a: FacetOption, b: FacetOption) => number,
): FacetOption[] {
  const out: FacetOption[] = [];
  for (const row of rows) {
    if (row.value === null || row.n <= 0) continue;
    const text = label(row.value);
    if (text !== null) out.push({ value: row.value, label: text, count: row.n });
  }
  return out.sort(order);
}

const byCount = (a: FacetOption, b: FacetOption) => b.count - a.count || a.label.localeCompare(b.label);

async function computeFacets(
  ctx: AppContext,
  f: ListFilter,
  countOtherCategories: boolean,
): Promise<{ total: number; facets: FacetCounts }> {
  const db = ctx.db.kysely;
  const engine = ctx.db.engine;
  // The library's category buttons say what each other category holds for the same words and
  // facets (one category is chosen at a time): when the visitor chose one, categories are counted
  // again without it. A list page's own category is not a choice, and its page shows no buttons.
  const [{ categories, extensions, years, values }, otherCategories] = await Promise.all([
    countFacets(db, engine, f, FACET_OPTION_LIMIT),
    countOtherCategories && f.category ? countByCategory(db, engine, { ...f, category: null }) : null,
  ]);
  const types = new Map<FileType, number>();
  for (const row of extensions) {
    const type = fileTypeOfExtension(row.value);
    if (type) types.set(type, (types.get(type) ?? 0) + row.n);
  }
  const multi = (facet: string) =>
    values
      .filter((r) => r.facet === facet)
      .map((r) => ({ value: r.value, label: r.value, count: r.n }))
      .sort(byCount)
      .slice(0, FACET_OPTION_LIMIT);
  const facets: FacetCounts = {
    category: options(
      otherCategories ?? categories,
      (v) => ((CATEGORIES as readonly string[]).includes(v) ? v : null),
      (a, b) => CATEGORIES.indexOf(a.value as Category) - CATEGORIES.indexOf(b.value as Category),
    ),
    type: [...types].map(([type, count]) => ({ value: type, label: FILE_TYPES[type].label, count })).sort(byCount),
    year: options(
      years,
      (v) => (/^\d{4}$/.test(v) ? v : null),
      (a, b) => b.value.localeCompare(a.value),
    ),
    tags: multi("tag"),
    partners: multi("partner"),
    locations: multi("location"),
    sectors: multi("sector"),
  };
  return { total: categories.reduce((sum, r) => sum + r.n, 0), facets };
}

/** One page of a document list, its exact total and (when asked) its facet counts. */
export async function listDocuments(ctx: AppContext, request: ListRequest): Promise<ListResult> {
  const { filter, terms } = toFilter(ctx, request);
  const db = ctx.db.kysely;
  const engine = ctx.db.engine;
  const version = await readSearchVersion(db);
  const cache = cacheOf(ctx);
  let total: number;
  let facets: FacetCounts | null = null;
  if (request.facets) {
    ({ total, facets } = await cache.get(version, countKey("facets", filter), () =>
      computeFacets(ctx, filter, request.category === undefined),
    ));
  } else {
    total = await cache.get(version, countKey("total", filter), () => countFiltered(db, engine, filter));
  }
  const { per } = request.query;
  const pageCount = Math.max(1, Math.ceil(total / per));
  // A page past the end shows the last one.
  const page = Math.min(request.query.page, pageCount);
  const rows = total === 0 ? [] : await selectListPage(db, engine, filter, request.query.sort, per, (page - 1) * per);
  const items = rows.map((row) => ({ row, snippet: buildSnippet(row.description, terms) }));
  return { page: { items, total, page, per, pageCount }, facets };
}

/** A public list: published documents in their public shape, with facet counts. */
export async function listPublicDocuments(
  ctx: AppContext,
  query: DocumentListQuery,
  options: { category?: Category; facets?: boolean } = {},
): Promise<{ page: ResultPage<PublicDocument & { snippet: SnippetPart[] | null }>; facets: FacetCounts | null }> {
  const { page, facets } = await listDocuments(ctx, { query, scope: "public", category: options.category, facets: options.facets ?? true });
  return { page: { ...page, items: page.items.map(({ row, snippet }) => ({ ...toPublicDocument(row), snippet })) }, facets };
}

/** The spec's list items (the public JSON) of one page. */
export async function listPublicListItems(
  ctx: AppContext,
  query: DocumentListQuery,
  category?: Category,
): Promise<ResultPage<PublicListItem>> {
  const { page } = await listDocuments(ctx, { query, scope: "public", category });
  return { ...page, items: page.items.map(({ row }) => toPublicListItem(toPublicDocument(row))) };
}

/** The newest published documents (the home page's latest publications). */
/** Every published document, unfiltered: the home page's latest publications and counts. */
const ALL_PUBLISHED: ListFilter = { ...EMPTY_FILTERS, publishedOnly: true, match: null };

/** The newest published documents (the home page's latest publications): one indexed read, no count. */
export async function latestPublished(ctx: AppContext, limit: number): Promise<PublicDocument[]> {
  return (await selectListPage(ctx.db.kysely, ctx.db.engine, ALL_PUBLISHED, "newest", limit, 0)).map(toPublicDocument);
}

export function documentCount(ctx: AppContext): Promise<number> {
  return countDocuments(ctx.db.kysely);
}

/** Published documents per canonical category, and in all (the home page's category cards); cached per version. */
export async function publishedCounts(ctx: AppContext): Promise<{ total: number; byCategory: Record<string, number> }> {
  const version = await readSearchVersion(ctx.db.kysely);
  const rows = await cacheOf(ctx).get(version, countKey("categories", ALL_PUBLISHED), () =>
    countByCategory(ctx.db.kysely, ctx.db.engine, ALL_PUBLISHED),
  );
  const byCategory = Object.fromEntries(rows.map((r) => [r.value, r.n]));
  return { total: rows.reduce((sum, r) => sum + r.n, 0), byCategory };
}

/** One page of the published documents of a folder, ordered by title (admin-and-sharing section 7), with their exact number. */
export async function listPublishedInFolder(ctx: AppContext, folderId: string, paging: Paging): Promise<ResultPage<PublicDocument>> {
  const db = ctx.db.kysely;
  const page = await readPage(
    paging,
    () => countPublishedInFolder(db, folderId),
    (limit, offset) => selectPublishedInFolder(db, folderId, limit, offset),
  );
  return { ...page, items: page.items.map(toPublicDocument) };
}
