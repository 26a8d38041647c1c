import type { Kysely } from "kysely";
import { facetKey } from "~/lib/document-facets";
import { type DocumentFilters, FILE_TYPES, MULTI_FACETS, type Sort } from "~/lib/document-query";
import type { Database, DocumentRow } from "../db/types";
import { parseList } from "../documents/public-shapes";
import type { SearchQuery } from "./query";
import { readChanges } from "./search-index";
import { documentWords, type RankedMatches, WordIndex } from "./word-index";

/**
 * The list index (decision 0018): what document lists filter, count and order by, held in memory
 * by each instance, so that a list's total and facet counts cost a pass over arrays instead of a
 * GROUP BY over hundreds of thousands of facet rows (about half a second on either engine for a
 * search matching 41,000 of 100,000 documents).
 *
 * Per document it holds its published flag, category, language, file extension, year, creation
 * time, lower-case title and facet values (the facets' postings too), and the words of its title,
 * description and keywords (word-index.ts, decision 0039), which searches match and rank.
 *
 * Every document has an ordinal (its place in these arrays) while it exists. The index is current
 * to a search version (search-index.ts): a list reads the version, and the index first replays
 * the change log up to it, re-reading only the documents written since (`catchUp`), so a write
 * on any instance is seen by the next list on every instance. When the log cannot account for
 * every version since (a rebuild, or more than CHANGES_KEPT writes), it is loaded again.
 *
 * It is read from `documents` and `document_facets`, the rows the writers own. The words inside
 * files are matched in the database (page-index.ts): a search hands those ids to `select` too.
 */

/** What the index filters on: a list's filters, without the search words (`match` matches those). */
export interface IndexFilter extends Omit<DocumentFilters, "q"> {
  publishedOnly: boolean;
  state?: "published" | "draft" | null;
}

/** Counts per value of one facet: the value as stored, and how many of the documents have it. */
export interface ValueCount {
  value: string;
  n: number;
}

export interface IndexCounts {
  categories: ValueCount[];
  /** Per document language ("en", "so", "other"). */
  languages: ValueCount[];
  /** Per lower-case file extension. */
  extensions: ValueCount[];
  years: ValueCount[];
  /** Per multi-valued facet (tag, partner, location, sector): its most frequent values, stored spelling first seen in code-unit order. */
  values: Record<string, ValueCount[]>;
}

/** A document's facet values are stored as pairs: the value's code, then its spelling's. */
const VALUE_STRIDE = 2;
/** Documents read from the database at a time while loading or catching up. */
const READ_BATCH = 2_000;
/** How much more a facet value read at random costs than one read in a pass over the postings (measured: about 20). */
const POSTINGS_FACTOR = 20;
/** Above this many documents written since, a catch-up sorts the orders again instead of merging. */
const REORDER_LIMIT = 5_000;

/** Strings to small numbers and back (categories, extensions, facet values). */
class Dictionary {
  readonly #codes = new Map<string, number>();
  readonly keys: string[] = [];

  code(key: string): number {
    let code = this.#codes.get(key);
    if (code === undefined) {
      code = this.keys.length;
      this.#codes.set(key, code);
      this.keys.push(key);
    }
    return code;
  }

  find(key: string): number | undefined {
    return this.#codes.get(key);
  }
}

interface FacetEntry {
  document_id: string;
  facet: string;
  value_key: string;
  value: string;
}

/** What the index reads of each document. */
const DOCUMENT_COLUMNS = [
  "id",
  "title",
  "description",
  "tags",
  "partner",
  "sectors",
  "locations",
  "published",
  "category",
  "language",
  "file_ext",
  "created_at",
] as const;

type DocumentEntry = Pick<DocumentRow, (typeof DOCUMENT_COLUMNS)[number]>;

type OrderedSort = Exclude<Sort, "relevance" | "downloads">;

export class ListIndex {
  /** The search version the index reflects (at least; a write may have landed while it read). */
  version: number;
  readonly #ordinal = new Map<string, number>();
  readonly #ids: string[] = [];
  readonly #alive: number[] = [];
  readonly #published: number[] = [];
  readonly #category: number[] = [];
  readonly #language: number[] = [];
  readonly #ext: number[] = [];
  readonly #year: number[] = [];
  readonly #created: string[] = [];
  readonly #titleKey: string[] = [];
  /** Per document, its facet values: the code of each (facet and value key) and of its spelling. */
  readonly #values: Uint32Array[] = [];
  readonly #categories = new Dictionary();
  readonly #languages = new Dictionary();
  readonly #extensions = new Dictionary();
  readonly #facetValues = new Dictionary();
  /** Per facet value code: its facet, and each stored spelling (a code) with how many documents use it. */
  readonly #valueFacet: string[] = [];
  readonly #spellings: Map<number, number>[] = [];
  /** Stored spellings, each kept once (a library repeats a few hundred values a million times). */
  readonly #spellingWords = new Dictionary();
  /** Per facet value code: the documents that have it (in no order), for filtering by a value. */
  readonly #postings: number[][] = [];
  /** Orders of every document, computed when first asked for after a change. */
  #orders = new Map<OrderedSort, Int32Array>();
  /** The words of every document, for searches. */
  readonly #words = new WordIndex();

  private constructor(version: number) {
    this.version = version;
  }

  /** Reads every document and facet row, a batch of documents at a time. */
  static async load(db: Kysely<Database>, version: number): Promise<ListIndex> {
    const index = new ListIndex(version);
    let after: string | null = null;
    for (;;) {
      let query = db.selectFrom("documents").select(DOCUMENT_COLUMNS).orderBy("id").limit(READ_BATCH);
      if (after !== null) query = query.where("id", ">", after);
      const rows = await query.execute();
      if (rows.length === 0) break;
      const first = rows[0]!.id;
      const last = rows[rows.length - 1]!.id;
      const facets = await db
        .selectFrom("document_facets")
        .select(["document_id", "facet", "value_key", "value"])
        .where("document_id", ">=", first)
        .where("document_id", "<=", last)
        .execute();
      index.#apply(rows, facets);
      after = last;
    }
    index.#words.trim();
    return index;
  }

  /**
   * Replays the change log from this index's version to `version`: re-reads the documents
   * written since, drops the deleted ones. False when the log cannot say what changed (the
   * caller then loads a new index).
   */
  async catchUp(db: Kysely<Database>, version: number): Promise<boolean> {
    if (version <= this.version) return true;
    const changed = await readChanges(db, this.version, version);
    if (changed === null) return false;
    const ids = [...new Set(changed)];
    const touched = new Set<number>();
    for (let i = 0; i < ids.length; i += READ_BATCH) {
      const batch = ids.slice(i, i + READ_BATCH);
      const rows = await db.selectFrom("documents").select(DOCUMENT_COLUMNS).where("id", "in", batch).execute();
      const facets = await db
        .selectFrom("document_facets")
        .select(["document_id", "facet", "value_key", "value"])
        .where("document_id", "in", batch)
        .execute();
      const present = new Set(rows.map((r) => r.id));
      for (const id of batch) {
        const o = this.#ordinal.get(id);
        if (o !== undefined) touched.add(o);
        if (!present.has(id)) this.#remove(id);
      }
      for (const o of this.#apply(rows, facets)) touched.add(o);
    }
    this.#reorder(touched);
    this.version = version;
    return true;
  }

  /**
   * Keeps the computed orders after a catch-up: the documents written are taken out and put back
   * in their new places (a merge, linear in the library), rather than sorting everything again.
   */
  #reorder(touched: Set<number>): void {
    if (touched.size > REORDER_LIMIT) {
      this.#orders.clear();
      return;
    }
    for (const [sort, order] of this.#orders) {
      const compare = this.#comparator(sort);
      const kept = order.filter((o) => !touched.has(o));
      const added = [...touched].filter((o) => this.#alive[o]).sort(compare);
      const merged = new Int32Array(kept.length + added.length);
      let i = 0;
      let j = 0;
      for (let k = 0; k < merged.length; k++) {
        merged[k] = j >= added.length || (i < kept.length && compare(kept[i]!, added[j]!) <= 0) ? kept[i++]! : added[j++]!;
      }
      this.#orders.set(sort, merged);
    }
  }

  /** Writes documents (new or changed) with their facet rows; returns their ordinals. */
  #apply(rows: readonly DocumentEntry[], facets: readonly FacetEntry[]): number[] {
    const written: number[] = [];
    const byDocument = new Map<string, FacetEntry[]>();
    for (const f of facets) {
      const list = byDocument.get(f.document_id);
      if (list) list.push(f);
      else byDocument.set(f.document_id, [f]);
    }
    for (const row of rows) {
      let o = this.#ordinal.get(row.id);
      if (o === undefined) {
        o = this.#ids.length;
        this.#ordinal.set(row.id, o);
        this.#ids.push(row.id);
        this.#values.push(new Uint32Array(0));
      } else {
        this.#forgetValues(o);
      }
      this.#alive[o] = 1;
      this.#published[o] = Number(row.published) === 1 ? 1 : 0;
      this.#category[o] = this.#categories.code(row.category);
      this.#language[o] = this.#languages.code(row.language);
      this.#ext[o] = this.#extensions.code((row.file_ext ?? "").toLowerCase());
      this.#year[o] = Number(row.created_at.slice(0, 4));
      this.#created[o] = row.created_at;
      this.#titleKey[o] = row.title.toLowerCase();
      this.#words.set(
        o,
        documentWords({ ...row, tags: parseList(row.tags), sectors: parseList(row.sectors), locations: parseList(row.locations) }),
      );
      const own = byDocument.get(row.id) ?? [];
      // Pairs: each value's code, then its spelling's code (VALUE_STRIDE).
      const codes = new Uint32Array(own.length * VALUE_STRIDE);
      own.forEach((f, i) => {
        const code = this.#facetValues.code(`${f.facet}\u0000${f.value_key}`);
        const spelling = this.#spellingWords.code(f.value);
        this.#valueFacet[code] = f.facet;
        const spellings = this.#spellings[code] ?? new Map<number, number>();
        this.#spellings[code] = spellings;
        spellings.set(spelling, (spellings.get(spelling) ?? 0) + 1);
        const postings = this.#postings[code] ?? [];
        this.#postings[code] = postings;
        postings.push(o);
        codes[i * VALUE_STRIDE] = code;
        codes[i * VALUE_STRIDE + 1] = spelling;
      });
      this.#values[o] = codes;
      written.push(o);
    }
    return written;
  }

  /** Takes a document's facet values back (its spellings, its place in the postings) before a rewrite or delete. */
  #forgetValues(o: number): void {
    const own = this.#values[o]!;
    for (let i = 0; i < own.length; i += VALUE_STRIDE) {
      const code = own[i]!;
      const spelling = own[i + 1]!;
      const map = this.#spellings[code]!;
      const left = (map.get(spelling) ?? 1) - 1;
      if (left > 0) map.set(spelling, left);
      else map.delete(spelling);
      const postings = this.#postings[code]!;
      const at = postings.indexOf(o);
      // Swapped with the last: postings are in no order.
      if (at >= 0) {
        postings[at] = postings[postings.length - 1]!;
        postings.pop();
      }
    }
    this.#values[o] = new Uint32Array(0);
  }

  #remove(id: string): void {
    const o = this.#ordinal.get(id);
    if (o === undefined) return;
    this.#forgetValues(o);
    this.#words.remove(o);
    this.#alive[o] = 0;
    this.#ordinal.delete(id);
  }

  /** The documents whose own words match a search, best first, at least the first `ordered` in order (word-index.ts). */
  match(query: SearchQuery, ordered?: number): RankedMatches {
    return this.#words.match(query, this.order("newest"), ordered);
  }

  /** The ordinal of a document id, if it is in the index. */
  ordinalOf(id: string): number | undefined {
    return this.#ordinal.get(id);
  }

  idOf(ordinal: number): string {
    return this.#ids[ordinal]!;
  }

  /** Every document in a list order (newest: by creation, newest first; title: A-Z), computed once per change. */
  order(sort: OrderedSort): Int32Array {
    let order = this.#orders.get(sort);
    if (order) return order;
    const all: number[] = [];
    for (let o = 0; o < this.#ids.length; o++) if (this.#alive[o]) all.push(o);
    const compare = this.#comparator(sort);
    order = Int32Array.from(all.sort(compare));
    this.#orders.set(sort, order);
    return order;
  }

  /** How two documents compare in a list order (ties by id, as the SQL orders break them). */
  #comparator(sort: OrderedSort): (a: number, b: number) => number {
    const ids = this.#ids;
    const created = this.#created;
    const titles = this.#titleKey;
    const byId = (a: number, b: number) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0);
    if (sort === "title") return (a, b) => (titles[a]! < titles[b]! ? -1 : titles[a]! > titles[b]! ? 1 : byId(a, b));
    if (sort === "oldest") return (a, b) => (created[a]! < created[b]! ? -1 : created[a]! > created[b]! ? 1 : byId(a, b));
    return (a, b) => (created[a]! > created[b]! ? -1 : created[a]! < created[b]! ? 1 : byId(b, a));
  }

  /**
   * The documents of `candidates` (ordinals, in the order wanted) that pass the filter, in that
   * order; with `members`, only those it marks (a search's matches, when the order is not theirs).
   * The same conditions as the SQL lists (search.queries.ts `conditions`).
   */
  select(f: IndexFilter, candidates: Int32Array, members?: Uint8Array): Int32Array {
    const test = this.#conditions(f);
    if (test === null) return new Int32Array(0);
    // One flat loop over plain arrays (no closure per condition): it runs over every document.
    const { published, category, language, extensions, year, from, before, facets, facetCount } = test;
    const alive = this.#alive;
    const publishedOf = this.#published;
    const categoryOf = this.#category;
    const languageOf = this.#language;
    const extOf = this.#ext;
    const yearOf = this.#year;
    const created = this.#created;
    const out = new Int32Array(candidates.length);
    let n = 0;
    for (let i = 0; i < candidates.length; i++) {
      const o = candidates[i]!;
      if (alive[o] !== 1) continue;
      if (members !== undefined && members[o] !== 1) continue;
      if (published >= 0 && publishedOf[o] !== published) continue;
      if (category >= 0 && categoryOf[o] !== category) continue;
      if (language >= 0 && languageOf[o] !== language) continue;
      if (extensions !== null && extensions[extOf[o]!] !== 1) continue;
      if (year >= 0 && yearOf[o] !== year) continue;
      if (from !== null && created[o]! < from) continue;
      if (before !== null && created[o]! >= before) continue;
      if (facets !== null && facets[o] !== facetCount) continue;
      out[n++] = o;
    }
    return out.subarray(0, n);
  }

  /** Marks the given ordinals, for `select`'s members. */
  membership(ordinals: Int32Array): Uint8Array {
    const marks = new Uint8Array(this.#ids.length);
    for (let i = 0; i < ordinals.length; i++) marks[ordinals[i]!] = 1;
    return marks;
  }

  /**
   * A filter as codes and marks for `select`'s loop (-1 or null: no condition), or null when no
   * document can pass (a value no document has). The chosen facet values become one count per
   * document of how many of them it has, from their postings: it passes with all of them.
   */
  #conditions(f: IndexFilter) {
    const published = f.publishedOnly || f.state === "published" ? 1 : f.state === "draft" ? 0 : -1;
    let category = -1;
    if (f.category) {
      const code = this.#categories.find(f.category);
      if (code === undefined) return null;
      category = code;
    }
    let language = -1;
    if (f.language) {
      const code = this.#languages.find(f.language);
      if (code === undefined) return null;
      language = code;
    }
    let extensions: Uint8Array | null = null;
    if (f.type) {
      extensions = new Uint8Array(this.#extensions.keys.length);
      let any = false;
      for (const ext of FILE_TYPES[f.type].extensions) {
        const code = this.#extensions.find(ext);
        if (code !== undefined) {
          extensions[code] = 1;
          any = true;
        }
      }
      if (!any) return null;
    }
    const wanted: number[] = [];
    for (const { param, field } of MULTI_FACETS) {
      for (const value of f[field]) {
        const code = this.#facetValues.find(`${param}\u0000${facetKey(value)}`);
        if (code === undefined) return null;
        if (!wanted.includes(code)) wanted.push(code);
      }
    }
    let facets: Uint8Array | null = null;
    if (wanted.length > 0) {
      facets = new Uint8Array(this.#ids.length);
      for (const code of wanted) {
        const postings = this.#postings[code] ?? [];
        for (let i = 0; i < postings.length; i++) facets[postings[i]!]!++;
      }
    }
    return {
      published,
      category,
      language,
      extensions,
      year: f.year ?? -1,
      from: f.from ? `${f.from}T00:00:00.000Z` : null,
      before: f.to ? dayAfter(f.to) : null,
      facets,
      facetCount: wanted.length,
    };
  }

  /** Counts per category, language, file extension, year and facet value of the given documents; `limit` values per multi-valued facet. */
  count(ordinals: Int32Array, limit: number): IndexCounts {
    const categories = new Uint32Array(this.#categories.keys.length);
    const languages = new Uint32Array(this.#languages.keys.length);
    const extensions = new Uint32Array(this.#extensions.keys.length);
    const years = new Map<number, number>();
    const values = new Uint32Array(this.#facetValues.keys.length);
    const categoryOf = this.#category;
    const languageOf = this.#language;
    const extOf = this.#ext;
    const yearOf = this.#year;
    const valuesOf = this.#values;
    // Years by offset from the first: a typed array rather than a map in the loop.
    const firstYear = 1900;
    const perYear = new Uint32Array(300);
    // Facet values from each document's own list when the result is small; from every value's
    // postings against a mark per document when it is large (a pass over all postings, in order,
    // costs less than reading a tenth of them at random).
    const postingCount = this.#postings.reduce((sum, p) => sum + p.length, 0);
    const fromPostings = ordinals.length * (postingCount / Math.max(1, this.size)) * POSTINGS_FACTOR > postingCount;
    const marks = fromPostings ? new Uint8Array(this.#ids.length) : null;
    for (let i = 0; i < ordinals.length; i++) {
      const o = ordinals[i]!;
      categories[categoryOf[o]!]!++;
      languages[languageOf[o]!]!++;
      extensions[extOf[o]!]!++;
      const year = yearOf[o]!;
      if (year >= firstYear && year < firstYear + perYear.length) perYear[year - firstYear]!++;
      else years.set(year, (years.get(year) ?? 0) + 1);
      if (marks !== null) marks[o] = 1;
      else {
        const own = valuesOf[o]!;
        for (let j = 0; j < own.length; j += VALUE_STRIDE) values[own[j]!]!++;
      }
    }
    if (marks !== null) {
      this.#postings.forEach((postings, code) => {
        let n = 0;
        for (let j = 0; j < postings.length; j++) n += marks[postings[j]!]!;
        values[code] = n;
      });
    }
    perYear.forEach((n, offset) => {
      if (n > 0) years.set(firstYear + offset, n);
    });
    // In value order, so the answer does not depend on the order the index met the values in.
    const byValue = (a: ValueCount, b: ValueCount) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
    const listed = (keys: readonly string[], counts: Uint32Array): ValueCount[] =>
      keys.flatMap((value, code) => (counts[code]! > 0 ? [{ value, n: counts[code]! }] : [])).sort(byValue);
    const perFacet: Record<string, Array<{ key: string; code: number; n: number }>> = {};
    values.forEach((n, code) => {
      if (n === 0) return;
      const facet = this.#valueFacet[code]!;
      const key = this.#facetValues.keys[code]!.slice(facet.length + 1);
      const list = perFacet[facet] ?? [];
      list.push({ key, code, n });
      perFacet[facet] = list;
    });
    const top: Record<string, ValueCount[]> = {};
    for (const [facet, list] of Object.entries(perFacet)) {
      list.sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      top[facet] = list.slice(0, limit).map(({ key, code, n }) => ({ value: this.#spelling(code) ?? key, n }));
    }
    return {
      categories: listed(this.#categories.keys, categories),
      languages: listed(this.#languages.keys, languages),
      extensions: listed(this.#extensions.keys, extensions).filter((c) => c.value !== ""),
      years: [...years].map(([year, n]) => ({ value: String(year).padStart(4, "0"), n })).sort(byValue),
      values: top,
    };
  }

  /** The stored spelling of a facet value: the first in code-unit order, as lists showed it before (decision 0015). */
  #spelling(code: number): string | undefined {
    let first: string | undefined;
    for (const spellingCode of this.#spellings[code]?.keys() ?? []) {
      const spelling = this.#spellingWords.keys[spellingCode]!;
      if (first === undefined || spelling < first) first = spelling;
    }
    return first;
  }

  /** How many documents the index holds. */
  get size(): number {
    return this.#ordinal.size;
  }
}

/** The first instant after a day (dates are stored as ISO timestamps in UTC). */
export function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/**
 * One index per instance (per app context), loaded on first use and caught up with the version a
 * list read. Loads and catch-ups run one at a time; a failed one is retried by the next list.
 */
export class ListIndexHolder {
  #index: ListIndex | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  /** The index, current to at least `version`. */
  at(db: Kysely<Database>, version: number): Promise<ListIndex> {
    const index = this.#index;
    if (index && index.version >= version) return Promise.resolve(index);
    const next = this.#queue.then(async () => {
      const current = this.#index;
      if (current && current.version >= version) return current;
      if (current && (await current.catchUp(db, version))) return current;
      this.#index = await ListIndex.load(db, version);
      return this.#index;
    });
    this.#queue = next.catch(() => undefined);
    return next;
  }
}
