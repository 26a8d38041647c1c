import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { CATEGORIES, type Category, canonicalCategory } from "./categories";
import { type DocumentLanguage, isDocumentLanguage } from "./document-language";
import { CARD_PER, type ResultPage, readPaging, wholeNumber } from "./paging";

export { CARD_PER, PER_MAX, PER_MIN, type ResultPage, TABLE_PER } from "./paging";

/**
 * What a document list shows, read from its address and written back into it (issue 10): the
 * search words, the facets, the sort and the page. One reader and one writer, shared by the
 * server (loaders, the public JSON) and the browser (links, chips, "Load more"), so every list
 * works without JavaScript and every state can be shared as a link.
 *
 * Anything the address holds is untrusted: unknown values are dropped, numbers are clamped, and
 * nothing here ever throws.
 */

export const SORTS = ["relevance", "newest", "oldest", "title", "downloads"] as const;
export type Sort = (typeof SORTS)[number];

/** The sorts' names in the reader's language: render them with `t`/`i18n._`. */
export const SORT_NAMES: Record<Sort, MessageDescriptor> = {
  relevance: msg`Relevance`,
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  title: msg`Title A–Z`,
  downloads: msg`Most downloaded`,
};

/** The search box keeps at most this much of what was typed (the parser reads far less). */
export const MAX_QUERY_CHARS = 500;
/** At most this many values of one multi-valued facet are read from an address. */
export const MAX_FACET_VALUES = 5;
/** A facet value longer than this cannot exist (document-facets.ts limits values to 100). */
const MAX_FACET_VALUE_CHARS = 200;

/**
 * File types as readers think of them, each the extensions it covers. Every extension an upload
 * form accepts belongs to one type.
 */
export const FILE_TYPES = {
  pdf: { label: "PDF", extensions: ["pdf"] },
  word: { label: "Word", extensions: ["doc", "docx"] },
  spreadsheet: { label: "Spreadsheet", extensions: ["xls", "xlsx", "csv"] },
  presentation: { label: "Presentation", extensions: ["ppt", "pptx"] },
  text: { label: "Text", extensions: ["txt"] },
  image: { label: "Image", extensions: ["jpg", "jpeg", "png", "gif"] },
} as const satisfies Record<string, { label: string; extensions: readonly string[] }>;
export type FileType = keyof typeof FILE_TYPES;

/** The types' names in the reader's language; PDF is a name, the same in every language. */
const FILE_TYPE_NAMES: Record<FileType, MessageDescriptor | null> = {
  pdf: null,
  word: msg`Word`,
  spreadsheet: msg`Spreadsheet`,
  presentation: msg`Presentation`,
  text: msg`Text`,
  image: msg`Image`,
};

/** A file type as a page shows it ("PDF", "Spreadsheet"), in the reader's language. */
export function fileTypeName(type: FileType, i18n: I18n): string {
  const name = FILE_TYPE_NAMES[type];
  return name ? i18n._(name) : FILE_TYPES[type].label;
}

export function isFileType(value: string): value is FileType {
  return Object.hasOwn(FILE_TYPES, value);
}

export function fileTypeOfExtension(ext: string | null | undefined): FileType | null {
  if (!ext) return null;
  const lower = ext.toLowerCase();
  for (const [type, { extensions }] of Object.entries(FILE_TYPES)) {
    if ((extensions as readonly string[]).includes(lower)) return type as FileType;
  }
  return null;
}

/** The facets a list can be narrowed by; the multi-valued ones require every chosen value. */
export interface DocumentFilters {
  /** The words as typed (trimmed, bounded); "" is no search. */
  q: string;
  /** The library's category; a list page's own category is set by the page, not the address. */
  category: Category | null;
  type: FileType | null;
  /**
   * The language documents are written in, from the address's `language` (never `lang`: that
   * is the interface's language, lib/i18n/languages.ts).
   */
  language: DocumentLanguage | null;
  year: number | null;
  tags: string[];
  partners: string[];
  locations: string[];
  sectors: string[];
  /** Inclusive dates, YYYY-MM-DD. */
  from: string | null;
  to: string | null;
}

export interface DocumentListQuery extends DocumentFilters {
  sort: Sort;
  page: number;
  per: number;
}

/** The multi-valued facets: their address parameter and their field (the pages name them: facet-panel.tsx, active-filters.tsx). */
export const MULTI_FACETS = [
  { param: "tag", field: "tags" },
  { param: "partner", field: "partners" },
  { param: "location", field: "locations" },
  { param: "sector", field: "sectors" },
] as const satisfies ReadonlyArray<{ param: string; field: keyof DocumentFilters }>;
export type MultiFacetParam = (typeof MULTI_FACETS)[number]["param"];

export const EMPTY_FILTERS: DocumentFilters = {
  q: "",
  category: null,
  type: null,
  language: null,
  year: null,
  tags: [],
  partners: [],
  locations: [],
  sectors: [],
  from: null,
  to: null,
};

/** Removes characters no search or facet value needs: controls (NUL included) and lone surrogates. */
function clean(value: string, max: number): string {
  return Array.from(value.replace(/[\p{Cc}\p{Cs}]/gu, " "))
    .slice(0, max)
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

function isoDate(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

function multi(params: URLSearchParams, name: string): string[] {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const raw of params.getAll(name)) {
    const value = clean(raw, MAX_FACET_VALUE_CHARS);
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    values.push(value);
    if (values.length === MAX_FACET_VALUES) break;
  }
  return values;
}

/** The sort to use: relevance needs words to rank by, so without them the newest come first. */
export function effectiveSort(sort: Sort | null, q: string): Sort {
  if (sort === null) return q ? "relevance" : "newest";
  return sort === "relevance" && !q ? "newest" : sort;
}

export interface ReadOptions {
  /** The default page size: CARD_PER or TABLE_PER. */
  per: number;
  /** Whether the address may choose the category (the library); list pages fix their own. */
  category: boolean;
}

/** Reads a list's state from its address; never throws, drops what it does not understand. */
export function readListQuery(params: URLSearchParams, options: ReadOptions): DocumentListQuery {
  const q = clean(params.get("q") ?? "", MAX_QUERY_CHARS);
  const rawSort = params.get("sort");
  const sort = (SORTS as readonly string[]).includes(rawSort ?? "") ? (rawSort as Sort) : null;
  const rawType = params.get("type");
  const rawLanguage = params.get("language");
  const year = wholeNumber(params.get("year"), 0);
  const rawCategory = params.get("category");
  const category = options.category && rawCategory && rawCategory.trim().toLowerCase() !== "all" ? canonicalCategory(rawCategory) : null;
  return {
    q,
    category,
    type: rawType && rawType in FILE_TYPES ? (rawType as FileType) : null,
    language: isDocumentLanguage(rawLanguage) ? rawLanguage : null,
    year: year >= 1900 && year <= 2999 ? year : null,
    tags: multi(params, "tag"),
    partners: multi(params, "partner"),
    locations: multi(params, "location"),
    sectors: multi(params, "sector"),
    from: isoDate(params.get("from")),
    to: isoDate(params.get("to")),
    sort: effectiveSort(sort, q),
    ...readPaging(params, options.per),
  };
}

/** Whether any facet or word narrows the list (the empty state then says "try other filters"). */
export function isFiltered(filters: DocumentFilters): boolean {
  return (
    filters.q !== "" ||
    filters.category !== null ||
    filters.type !== null ||
    filters.language !== null ||
    filters.year !== null ||
    filters.from !== null ||
    filters.to !== null ||
    MULTI_FACETS.some((f) => filters[f.field].length > 0)
  );
}

/**
 * The address of a list in a given state, with only what differs from the defaults (so the
 * plain page stays `/reports`). Changing anything but the page goes back to page 1. New words
 * keep a chosen sort, but a default sort follows the words (relevance with words, else newest),
 * so typing into an unsorted list does not pin it to "newest first".
 */
export function listHref(path: string, query: DocumentListQuery, change: Partial<DocumentListQuery>, defaultPer: number): string {
  const next: DocumentListQuery = { ...query, page: 1, ...change };
  if (change.q !== undefined && change.sort === undefined && query.sort === effectiveSort(null, query.q))
    next.sort = effectiveSort(null, next.q);
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.category) params.set("category", next.category);
  if (next.type) params.set("type", next.type);
  if (next.language) params.set("language", next.language);
  if (next.year !== null) params.set("year", String(next.year));
  for (const { param, field } of MULTI_FACETS) for (const value of next[field]) params.append(param, value);
  if (next.from) params.set("from", next.from);
  if (next.to) params.set("to", next.to);
  if (next.sort !== effectiveSort(null, next.q)) params.set("sort", next.sort);
  if (next.per !== defaultPer) params.set("per", String(next.per));
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** One facet option with the number of documents of the current result that have it. */
export interface FacetOption {
  value: string;
  label: string;
  count: number;
}

/** Counts per facet over the current result (options with no document are absent). */
export interface FacetCounts {
  category: FacetOption[];
  type: FacetOption[];
  /** Per document language (values "en", "so", "other"; pages name them: document-language-names.ts). */
  language: FacetOption[];
  year: FacetOption[];
  tags: FacetOption[];
  partners: FacetOption[];
  locations: FacetOption[];
  sectors: FacetOption[];
}

/** A stretch of a snippet; `mark` stretches are the matched words (rendered as <mark> by React, so escaped). */
export interface SnippetPart {
  text: string;
  mark: boolean;
}

/** What a list's cards show beside the document's own fields. */
export interface ListItemExtras {
  snippet: SnippetPart[] | null;
  snippetPlace: SnippetPlace | null;
  /** The first page as a small image (with its size, so the card does not move when it loads). */
  thumbnail: { src: string; width: number; height: number } | null;
  /** The file's type as a short label ("PDF"), for the placeholder when there is no thumbnail; null without a file. */
  fileType: string | null;
  /** The text view, with the search words to mark, and how much text it holds; null when no text was read. */
  text: { href: string; chars: number } | null;
}

/** Where in a file a snippet was found: its page, slide or sheet. */
export interface SnippetPlace {
  unit: "page" | "slide" | "sheet";
  number: number;
}

/** Every category in its canonical order (the category facet's order). */
export const CATEGORY_ORDER: readonly Category[] = CATEGORIES;

/** What a paged public list's loader returns: the state it was asked for, a page and its facets. */
export interface ListData<T> {
  query: DocumentListQuery;
  page: ResultPage<T & ListItemExtras>;
  facets: FacetCounts | null;
}

/** A list's state from parts (the defaults for the rest): for server code and tests that list without an address. */
export function listQuery(change: Partial<DocumentListQuery> = {}): DocumentListQuery {
  const q = change.q ?? "";
  return { ...EMPTY_FILTERS, page: 1, per: CARD_PER, ...change, q, sort: change.sort ?? effectiveSort(null, q) };
}
