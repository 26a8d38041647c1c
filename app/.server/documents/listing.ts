import { CATEGORIES, type Category } from "~/lib/categories";
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from "~/lib/document-language";
import {
  type DocumentFilters,
  type DocumentListQuery,
  EMPTY_FILTERS,
  type FacetCounts,
  type FacetOption,
  FILE_TYPES,
  type FileType,
  fileTypeOfExtension,
  type ListItemExtras,
  MULTI_FACETS,
  type ResultPage,
  type SnippetPart,
  type SnippetPlace,
  type Sort,
} from "~/lib/document-query";
import { type Paging, readPage } from "~/lib/paging";
import { selectOwnFileContents } from "../contents/contents.queries";
import { type ThumbnailRef, thumbnailRef } from "../contents/thumbnails";
import type { AppContext } from "../context";
import type { DocumentRow, FileContentsRow } from "../db/types";
import { perObject } from "../per-object";
import { type IndexCounts, type ListIndex, ListIndexHolder, type ValueCount } from "../search/list-index";
import { selectMatchingPages, selectPageMatchIds } from "../search/page-index";
import { highlightTerms, parseSearchQuery, type SearchQuery } from "../search/query";
import { renderFts5, renderTsquery } from "../search/render";
import { VersionCache } from "../search/search-cache";
import { readSearchVersion } from "../search/search-index";
import { buildSnippet } from "../search/snippet";
import type { RankedMatches } from "../search/word-index";
import { countDocuments, countPublishedInFolder, selectPublishedInFolder } from "./documents.queries";
import { type PublicDocument, type PublicListItem, toPublicDocument, toPublicListItem } from "./public-shapes";
import { selectLatestPublished, selectMostDownloaded, selectMostDownloadedAmong, selectRowsByIds } from "./search.queries";

/**
 * Document lists at any size (issue 10): the public lists, the library, the public JSON, the
 * admin table and the home page's counts. Every list is one page of a filtered, ordered result
 * with its exact total; public lists also get facet counts over the same result. The filtering,
 * counting and ordering run in the instance's list index (decision 0018), current to the search
 * version the list read, which matches a document's own words too (decision 0039); the database
 * matches the words inside files and gives the page's rows, read fresh.
 */

/** How many values of a multi-valued facet are offered (the most used first). */
export const FACET_OPTION_LIMIT = 20;

/** What a list filters by: the query's filters, and which documents it may show. */
interface ListFilter extends DocumentFilters {
  /** Published only (every public list), or every document (the admin table). */
  publishedOnly: boolean;
  /** A published state the admin table chose ("draft" / "published"), or none. */
  state?: "published" | "draft" | null;
  /** The query rendered for this engine's index of the words inside files (render.ts), or null for no search. */
  match: string | null;
}

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
  /** An excerpt around the first matched word, when there is a search and a match in the description or a file's text. */
  snippet: SnippetPart[] | null;
  /** Where in the file the snippet comes from, or null when from the description (or a file without pages). */
  snippetPlace: SnippetPlace | null;
  /** The first page of its file as a small image, when the reader made one. */
  thumbnail: ThumbnailRef | null;
  /** How reading its file went (the admin table shows it), or null without a file. */
  reading: { status: FileContentsRow["status"]; reason: string | null } | null;
  /** Characters of text read from its file (0 when none). */
  textChars: number;
}

export interface ListResult {
  page: ResultPage<ListedDocument>;
  facets: FacetCounts | null;
  /** The search version the list was read at (facetSuggestions then reads nothing more at it). */
  version: number;
}

/** Per instance: the list index (decision 0018) and the facet counts computed from it, kept per search version. */
const stateOf = perObject<AppContext, { index: ListIndexHolder; counts: VersionCache }>(() => ({
  index: new ListIndexHolder(),
  counts: new VersionCache(),
}));

/**
 * Kept per index (a reloaded index has new ordinals), per search version: searches' matches (the
 * own words', the files', and both with a list's facets; a very frequent pair of words holds
 * 40,000 ordinals, 160 KB) and lists' filtered, ordered
 * documents (up to the whole library, 400 KB), so a list read again, or paged, is not filtered again.
 */
const MATCHES_KEPT = 64;
const RESULTS_KEPT = 32;
const cachesOf = perObject<ListIndex, { matches: VersionCache; results: VersionCache }>(() => ({
  matches: new VersionCache(MATCHES_KEPT),
  results: new VersionCache(RESULTS_KEPT),
}));

/**
 * Up to this many candidates left by a search's facets, the database looks for the words in their
 * files only, rather than in every file and filtering afterwards.
 */
const RANKED_CANDIDATES_MAX = 5_000;

/** The list index of this instance, current to at least the version read. */
export function listIndexAt(ctx: AppContext, version: number): Promise<ListIndex> {
  return stateOf(ctx).index.at(ctx.db.kysely, version);
}

function toFilter(ctx: AppContext, request: ListRequest): { filter: ListFilter; query: SearchQuery; terms: string[] } {
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
  return { filter, query: parsed, terms: match === null ? [] : highlightTerms(parsed) };
}

/** The cache key of a filter: everything that changes which documents are counted. */
function countKey(kind: string, f: ListFilter): string {
  const { q: _typed, ...rest } = f;
  return JSON.stringify([kind, rest]);
}

function options(
  rows: ValueCount[],
  label: (value: string) => string | null,
  order: (a: FacetOption, b: FacetOption) => number,
): FacetOption[] {
  const out: FacetOption[] = [];
  for (const row of rows) {
    const text = label(row.value);
    if (text !== null && row.n > 0) out.push({ value: row.value, label: text, count: row.n });
  }
  return out.sort(order);
}

const byCount = (a: FacetOption, b: FacetOption) => b.count - a.count || a.label.localeCompare(b.label);

/** The facet counts of a list's documents; `categories` counts the library's category buttons (see listDocuments). */
function facetCounts(counts: IndexCounts, categories: ValueCount[]): FacetCounts {
  const types = new Map<FileType, number>();
  for (const row of counts.extensions) {
    const type = fileTypeOfExtension(row.value);
    if (type) types.set(type, (types.get(type) ?? 0) + row.n);
  }
  const multi = (facet: string) => (counts.values[facet] ?? []).map((r) => ({ value: r.value, label: r.value, count: r.n })).sort(byCount);
  return {
    category: options(
      categories,
      (v) => ((CATEGORIES as readonly string[]).includes(v) ? v : null),
      (a, b) => CATEGORIES.indexOf(a.value as Category) - CATEGORIES.indexOf(b.value as Category),
    ),
    type: [...types].map(([type, count]) => ({ value: type, label: FILE_TYPES[type].label, count })).sort(byCount),
    // Labelled by the code: the pages name each language in the reader's language.
    language: options(
      counts.languages,
      (v) => ((DOCUMENT_LANGUAGES as readonly string[]).includes(v) ? v : null),
      (a, b) => DOCUMENT_LANGUAGES.indexOf(a.value as DocumentLanguage) - DOCUMENT_LANGUAGES.indexOf(b.value as DocumentLanguage),
    ),
    year: options(
      counts.years,
      (v) => (/^\d{4}$/.test(v) ? v : null),
      (a, b) => b.value.localeCompare(a.value),
    ),
    tags: multi("tag"),
    partners: multi("partner"),
    locations: multi("location"),
    sectors: multi("sector"),
  };
}

/** How many of a search's matches are put in order at first: a list's first pages need no more. */
const MATCHES_ORDERED = 2_000;

/**
 * A search's matches as ordinals of the index, best first: the documents whose own words match
 * (the index's word index, decision 0039), then those found only by the words inside their files
 * (the database's page index). The first `ordered` are in order; unless `all`, that may be only the
 * first MATCHES_ORDERED, the rest following below them in no order. Kept with the index per search
 * version. The category is left to the index, so the library's category buttons count the same
 * matches in every category.
 */
function matchesOf(
  ctx: AppContext,
  index: ListIndex,
  version: number,
  filter: ListFilter & { match: string },
  query: SearchQuery,
  all: boolean,
): Promise<RankedMatches> {
  const asked = { ...filter, category: null };
  const { matches } = cachesOf(index);
  return matches.get(version, countKey(all ? "match" : "match:first", asked), async () => {
    // Words inside the files rank below the document's own words (page-index.ts); asked once
    // for both orders.
    const inFiles = await matches.get(version, countKey("match:files", asked), () => fileMatchIds(ctx, index, asked));
    // The own words' matches depend on the words alone: one per search, whatever its facets.
    const own = await matches.get(version, JSON.stringify(["match:own", all, asked.match]), async () =>
      index.match(query, all ? undefined : MATCHES_ORDERED),
    );
    const ordinals = new Int32Array(own.documents.length + inFiles.length);
    ordinals.set(own.documents);
    let n = own.documents.length;
    // Then the documents found only by the words in their files, each once.
    const seen = index.membership(own.documents);
    for (const id of inFiles) {
      const o = index.ordinalOf(id);
      // A document written after the index read the version is not in it yet; the next list has it.
      if (o !== undefined && seen[o] === 0) {
        seen[o] = 1;
        ordinals[n++] = o;
      }
    }
    // The files' matches keep the database's order: all are in order when the own ones all are.
    return { documents: ordinals.subarray(0, n), ordered: own.ordered === own.documents.length ? n : own.ordered };
  });
}

/**
 * The documents found by a search's words inside their files, best first (the database's page
 * index). When the facets leave few candidates, the database looks in just their files.
 */
async function fileMatchIds(ctx: AppContext, index: ListIndex, asked: ListFilter & { match: string }): Promise<string[]> {
  const narrowed = asked.type !== null || asked.language !== null || asked.year !== null || asked.from !== null || asked.to !== null;
  const candidates =
    narrowed || MULTI_FACETS.some(({ field }) => asked[field].length > 0) ? index.select(asked, index.order("newest")) : null;
  const among = candidates !== null && candidates.length <= RANKED_CANDIDATES_MAX ? Array.from(candidates, (o) => index.idOf(o)) : null;
  return selectPageMatchIds(ctx.db.kysely, ctx.db.engine, asked.match, among);
}

/**
 * The documents of a list, filtered and in its order (ordinals of the index), at least its first
 * `needed` in order. Without search words, from the index's own orders; with them, from the
 * matches, in relevance order or reordered by the index. Most downloaded is ordered by the
 * database (counts change on every download): its result here is only counted. Kept per version,
 * for the next page and reader.
 */
async function orderedDocuments(
  ctx: AppContext,
  index: ListIndex,
  version: number,
  filter: ListFilter,
  query: SearchQuery,
  sort: Sort,
  needed = 0,
): Promise<Int32Array> {
  const match = filter.match;
  // The newest first stands for most downloaded without words, the relevance order with them.
  const order = sort === "downloads" || sort === "relevance" ? (match === null ? "newest" : "relevance") : sort;
  const { results } = cachesOf(index);
  if (order === "relevance" && match !== null) {
    // The best matches in order first; all of them only for a page past those.
    const ranked = (all: boolean) =>
      results.get(version, countKey(all ? "result:relevance" : "result:relevance:first", filter), async () => {
        const { documents, ordered } = await matchesOf(ctx, index, version, { ...filter, match }, query, all);
        const inOrder = index.select(filter, documents.subarray(0, ordered)).length;
        return { documents: index.select(filter, documents).slice(), inOrder };
      });
    const first = await ranked(false);
    return first.inOrder >= Math.min(needed, first.documents.length) ? first.documents : (await ranked(true)).documents;
  }
  const listed = order === "relevance" ? "newest" : order;
  return results.get(version, countKey(`result:${listed}`, filter), async () => {
    // Copied out of select's buffer (sized for every candidate), so the cache keeps only the result.
    if (match === null) return index.select(filter, index.order(listed)).slice();
    const { documents } = await matchesOf(ctx, index, version, { ...filter, match }, query, false);
    return index.select(filter, index.order(listed), index.membership(documents)).slice();
  });
}

/** Loads this instance's list index before the first list needs it (3 to 7 seconds at 100,000 documents). */
export async function warmListIndex(ctx: AppContext): Promise<void> {
  const started = performance.now();
  const index = await listIndexAt(ctx, await readSearchVersion(ctx.db.kysely));
  ctx.log.info({ documents: index.size, ms: Math.round(performance.now() - started) }, "list index loaded");
}

/** One page of a document list, its exact total and (when asked) its facet counts. */
export async function listDocuments(ctx: AppContext, request: ListRequest): Promise<ListResult> {
  const { filter, query, terms } = toFilter(ctx, request);
  const db = ctx.db.kysely;
  const version = await readSearchVersion(db);
  const index = await listIndexAt(ctx, version);
  const sort = request.query.sort === "relevance" && filter.match === null ? "newest" : request.query.sort;
  const { per } = request.query;
  const documents = await orderedDocuments(ctx, index, version, filter, query, sort, request.query.page * per);
  const total = documents.length;
  let facets: FacetCounts | null = null;
  if (request.facets) {
    // Keyed by the filter alone: the counts of a result do not depend on its order.
    facets = await stateOf(ctx).counts.get(version, countKey("facets", filter), async () => {
      const counts = index.count(documents, FACET_OPTION_LIMIT);
      // The library's category buttons say what each other category holds for the same words and
      // facets (one category is chosen at a time): when the visitor chose one, categories are
      // counted again without it. A list page's own category is not a choice (no buttons there).
      const others =
        request.category === undefined && filter.category
          ? index.count(await orderedDocuments(ctx, index, version, { ...filter, category: null }, query, sort), 0).categories
          : counts.categories;
      return facetCounts(counts, others);
    });
  }
  const pageCount = Math.max(1, Math.ceil(total / per));
  // A page past the end shows the last one.
  const page = Math.min(request.query.page, pageCount);
  const offset = (page - 1) * per;
  const ids =
    sort === "downloads"
      ? await mostDownloaded(ctx, index, documents, filter.publishedOnly, per, offset)
      : Array.from(documents.subarray(offset, offset + per), (o) => index.idOf(o));
  const rows = await selectRowsByIds(db, ids);
  const items = await withSnippets(ctx, filter.match, terms, rows);
  return { page: { items, total, page, per, pageCount }, facets, version };
}

/**
 * Up to this many documents, and one in fifty of the library, the database orders a list by
 * downloads among their ids (more, and PostgreSQL plans reading every document instead).
 */
const DOWNLOADS_AMONG_MAX = 2_000;
const DOWNLOADS_AMONG_SHARE = 1 / 50;

/**
 * One page of a list's documents, most downloaded first. Download counts change on every download
 * without advancing the search version, so this order is read from the database each time: among
 * the list's ids when they are few, else by reading the library in that order, keeping the list's,
 * until the page is full: first as many as the page needs (all of them when the list is the whole
 * library), then twice as many each time. Such a list holds at least one document in fifty, so its
 * first page is found in a few reads.
 */
async function mostDownloaded(
  ctx: AppContext,
  index: ListIndex,
  documents: Int32Array,
  publishedOnly: boolean,
  per: number,
  offset: number,
): Promise<string[]> {
  const { kysely: db, engine } = ctx.db;
  if (documents.length === 0) return [];
  if (documents.length <= Math.min(DOWNLOADS_AMONG_MAX, index.size * DOWNLOADS_AMONG_SHARE)) {
    const ids = Array.from(documents, (o) => index.idOf(o));
    return selectMostDownloadedAmong(db, engine, ids, per, offset);
  }
  const members = index.membership(documents);
  const kept: string[] = [];
  for (let from = 0, limit = offset + per; kept.length < offset + per; from += limit, limit *= 2) {
    const batch = await selectMostDownloaded(db, publishedOnly, limit, from);
    for (const id of batch) {
      const o = index.ordinalOf(id);
      if (o !== undefined && members[o] === 1) kept.push(id);
    }
    if (batch.length < limit) break;
  }
  return kept.slice(offset, offset + per);
}

/**
 * Each row with its thumbnail and its snippet: from the description when the words are there,
 * else from the first page of its files where they are (with that page's number), else none.
 */
async function withSnippets(ctx: AppContext, match: string | null, terms: string[], rows: DocumentRow[]): Promise<ListedDocument[]> {
  const files = await selectOwnFileContents(
    ctx.db.kysely,
    rows.map((r) => r.id),
  );
  const items: ListedDocument[] = rows.map((row) => {
    const file = files.get(row.id);
    return {
      row,
      snippet: buildSnippet(row.description, terms),
      snippetPlace: null,
      thumbnail: file ? thumbnailRef(file) : null,
      reading: file ? { status: file.status, reason: file.reason } : null,
      textChars: file?.text_chars ?? 0,
    };
  });
  const missing = items.filter((item) => item.snippet === null).map((item) => item.row.id);
  if (match === null || missing.length === 0) return items;
  const pages = await selectMatchingPages(ctx.db.kysely, ctx.db.engine, match, missing);
  for (const item of items) {
    const found = item.snippet === null ? pages.get(item.row.id) : undefined;
    if (!found) continue;
    item.snippet = buildSnippet(found.text, terms);
    // A DOCX or a text file has no pages to point at: its snippet stands alone.
    if (item.snippet !== null && found.unit !== null && found.unit !== "whole")
      item.snippetPlace = { unit: found.unit, number: found.page };
  }
  return items;
}

/** A public list: published documents in their public shape, with facet counts. */
export async function listPublicDocuments(
  ctx: AppContext,
  query: DocumentListQuery,
  options: { category?: Category; facets?: boolean } = {},
): Promise<{
  page: ResultPage<PublicDocument & Omit<ListItemExtras, "fileType" | "text"> & { textChars: number }>;
  facets: FacetCounts | null;
}> {
  const { page, facets } = await listDocuments(ctx, { query, scope: "public", category: options.category, facets: options.facets ?? true });
  return {
    page: {
      ...page,
      items: page.items.map(({ row, snippet, snippetPlace, thumbnail, textChars }) => ({
        ...toPublicDocument(row),
        snippet,
        snippetPlace,
        thumbnail,
        textChars,
      })),
    },
    facets,
  };
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

/** Every published document, unfiltered: the home page's latest publications and counts. */
const ALL_PUBLISHED: ListFilter = { ...EMPTY_FILTERS, publishedOnly: true, match: null };

/** The newest published documents (the home page's latest publications): one indexed read, no count. */
export async function latestPublished(ctx: AppContext, limit: number): Promise<PublicDocument[]> {
  return (await selectLatestPublished(ctx.db.kysely, limit)).map(toPublicDocument);
}

export function documentCount(ctx: AppContext): Promise<number> {
  return countDocuments(ctx.db.kysely);
}

/** Published documents per canonical category, and in all (the home page's category cards); cached per version. */
export async function publishedCounts(ctx: AppContext): Promise<{ total: number; byCategory: Record<string, number> }> {
  const version = await readSearchVersion(ctx.db.kysely);
  const index = await listIndexAt(ctx, version);
  const rows = await stateOf(ctx).counts.get(
    version,
    countKey("categories", ALL_PUBLISHED),
    async () => index.count(index.select(ALL_PUBLISHED, index.order("newest")), 0).categories,
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
