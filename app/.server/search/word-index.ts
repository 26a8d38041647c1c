import { DocumentTokens } from "./document-tokens";
import { tokenise } from "./normalise";
import type { SearchQuery, SearchTerm } from "./query";

/**
 * The words of every document's title, description and keywords, matched and ranked in memory
 * (decision 0039): part of each instance's list index (list-index.ts), kept current by the same
 * change log, so a write on any instance is searchable, or gone, at the next list.
 *
 * A search for a pair of words found in 40% of 100,000 documents cost 50 to 100 ms in the
 * databases (FTS5's bm25 reads every match's sizes; PostgreSQL reads every matched tsvector),
 * against 25 ms for the whole page; here it costs a few milliseconds, the same on both engines.
 * The words inside files stay in the databases' full-text indexes (page-index.ts): they are far
 * larger than what every instance should hold.
 *
 * Per term, its postings: the documents that have it, each with its weighted count there (hits
 * in the title count 10, in the description 4, in the keywords 2), in no order: a word's rank is
 * read from them without reading any document. Per document, its tokens as term ids, title then
 * description then keywords: phrases are checked against them, so the postings need no positions.
 *
 * Matching follows the query language (query.ts) as FTS5 read it: every group must match, one
 * of a group's alternatives is enough, an excluded term must not match, a phrase's words are
 * adjacent within one part, the last word of a term may be a prefix. Ranking is FTS5's bm25
 * (k1 1.2, b 0.75, each part's hits weighted 10 / 4 / 2); equal ranks keep the newest first.
 */

/** A document's folded tokens, by part. */
export interface DocumentWords {
  title: string[];
  description: string[];
  keywords: string[];
}

/** The words of a document as the index reads them: keywords are its tags, partner, sectors and locations. */
export function documentWords(doc: {
  title: string;
  description: string | null;
  tags: readonly string[];
  partner: string | null;
  sectors: readonly string[];
  locations: readonly string[];
}): DocumentWords {
  return {
    title: tokenise(doc.title),
    description: tokenise(doc.description ?? ""),
    keywords: tokenise([...doc.tags, doc.partner ?? "", ...doc.sectors, ...doc.locations].join(" ")),
  };
}

/** Hits in the title, description and keywords weigh this much in the rank (title highest: the issue). */
const WEIGHTS = [10, 4, 2] as const;
/** bm25's constants, as FTS5 sets them. */
const K1 = 1.2;
const B = 0.75;
/** A word in more than half the documents still counts a little (FTS5's floor). */
const MIN_IDF = 1e-6;

/** Matches in relevance order: the first `ordered` are the best, in order; the rest follow, ranked below them, in no order. */
export interface RankedMatches {
  documents: Int32Array;
  ordered: number;
}

/**
 * The relevance order is sorted as one number per match: its rank as a fraction of the best
 * match's, in steps of 1/2^28, above its place in the newest order (below 2^24), so equal ranks
 * keep the newest first and the sort is a typed array's own (a comparator costs several times more).
 */
const RANK_STEPS = 2 ** 28;
const PLACE_SCALE = 2 ** 24;

/** What one query token accepts: a term id (-1: a word no document has), or any term it marks (a prefix). */
type TokenTest = number | Uint8Array;

/**
 * The documents a query term matches with its weighted count in each, as pairs (document, count),
 * like the postings; a word's are a view of its postings, not a copy.
 */
type TermHits = Int32Array;

const NO_HITS = new Int32Array(0);

export class WordIndex {
  readonly #termIds = new Map<string, number>();
  readonly #terms: string[] = [];
  /** Term ids in the order of their text, for prefixes; sorted after a load, or at the first prefix. */
  #sorted: number[] | null = null;
  /**
   * Per term: pairs of a document and the term's weighted count in it; the first
   * 2 × #postingCount[t] entries are in use, in no order.
   */
  readonly #postings: Int32Array[] = [];
  readonly #postingCount: number[] = [];
  /** Per document: every token's term id, title then description then keywords. */
  readonly #tokens = new DocumentTokens();
  #documents = 0;
  #tokenTotal = 0;
  /** Documents rewritten or removed since the postings were brought up to date, and the terms they had or now have. */
  readonly #staleDocuments = new Set<number>();
  readonly #staleTerms = new Set<number>();
  /**
   * Per document, working space for one search at a time, all zero between searches: a search
   * sets and clears only the documents it touches, so it allocates in proportion to its matches
   * (not five arrays as long as the library, which would make the collector run every few searches).
   */
  #marks = new Uint8Array(0);
  #sums = new Float64Array(0);
  /** Each document's place in the newest order, for the order it was made from. */
  #place = new Int32Array(0);
  #placeOf: Int32Array | null = null;

  /** How many documents have words here. */
  get size(): number {
    return this.#documents;
  }

  /**
   * Sets a document's words. A document new to the index (the list index gives each a higher
   * ordinal than any before) is added to the postings at once; a rewritten one when the postings
   * are next brought up to date (`#refresh`), in one pass over each term it touched.
   */
  set(o: number, words: DocumentWords): void {
    const rewritten = this.#tokens.has(o) || this.#staleDocuments.has(o);
    if (rewritten) this.remove(o);
    const ids = (tokens: string[]) => tokens.map((token) => this.#termId(token));
    this.#tokens.set(o, ids(words.title), ids(words.description), ids(words.keywords));
    this.#documents++;
    this.#tokenTotal += this.#tokens.lengths[o]!;
    if (rewritten) for (const term of this.#weightedCounts(o).keys()) this.#staleTerms.add(term);
    else for (const [term, count] of this.#weightedCounts(o)) this.#append(term, o, count);
  }

  /**
   * After a load: gives back the room kept for growth (the postings and the tokens grow by
   * doubling, so up to half of each would stay empty), and sorts the vocabulary for prefixes
   * now rather than in the first reader's search.
   */
  trim(): void {
    this.#refresh();
    this.#sortTerms();
    this.#tokens.trim();
    for (let term = 0; term < this.#postings.length; term++) {
      const used = 2 * this.#postingCount[term]!;
      if (used < this.#postings[term]!.length) this.#postings[term] = this.#postings[term]!.slice(0, Math.max(used, 2));
    }
  }

  /** Takes a document's words out (it was deleted, or is about to be rewritten). */
  remove(o: number): void {
    if (!this.#tokens.has(o)) return;
    for (const term of this.#weightedCounts(o).keys()) this.#staleTerms.add(term);
    this.#staleDocuments.add(o);
    this.#documents--;
    this.#tokenTotal -= this.#tokens.lengths[o]!;
    this.#tokens.delete(o);
  }

  /** Each term of a document with its weighted count there (the weight of the part of each place it has). */
  #weightedCounts(o: number): Map<number, number> {
    const counts = new Map<number, number>();
    const pool = this.#tokens.pool;
    const start = this.#tokens.starts[o]!;
    const end = start + this.#tokens.lengths[o]!;
    const title = this.#tokens.titleLengths[o]!;
    const description = this.#tokens.descriptionLengths[o]!;
    for (let p = start; p < end; p++) {
      const weight = p < start + title ? WEIGHTS[0] : p < start + title + description ? WEIGHTS[1] : WEIGHTS[2];
      counts.set(pool[p]!, (counts.get(pool[p]!) ?? 0) + weight);
    }
    return counts;
  }

  #termId(token: string): number {
    let id = this.#termIds.get(token);
    if (id === undefined) {
      id = this.#terms.length;
      this.#termIds.set(token, id);
      this.#terms.push(token);
      this.#postings.push(new Int32Array(4));
      this.#postingCount.push(0);
      if (this.#sorted !== null) this.#sorted.splice(this.#firstAtOrAfter(token), 0, id);
    }
    return id;
  }

  #append(term: number, o: number, count: number): void {
    let postings = this.#postings[term]!;
    const n = this.#postingCount[term]!;
    if (2 * n === postings.length) {
      const grown = new Int32Array(Math.max(4, postings.length * 2));
      grown.set(postings);
      postings = grown;
      this.#postings[term] = postings;
    }
    postings[2 * n] = o;
    postings[2 * n + 1] = count;
    this.#postingCount[term] = n + 1;
  }

  /** Brings the postings of the terms that rewritten or removed documents touched up to date. */
  #refresh(): void {
    if (this.#staleDocuments.size === 0) return;
    const stale = new Uint8Array(this.#tokens.size);
    for (const o of this.#staleDocuments) stale[o] = 1;
    for (const term of this.#staleTerms) {
      const postings = this.#postings[term]!;
      const n = this.#postingCount[term]!;
      let kept = 0;
      for (let i = 0; i < n; i++) {
        if (stale[postings[2 * i]!] === 1) continue;
        postings[2 * kept] = postings[2 * i]!;
        postings[2 * kept + 1] = postings[2 * i + 1]!;
        kept++;
      }
      this.#postingCount[term] = kept;
    }
    for (const o of this.#staleDocuments) {
      if (this.#tokens.has(o)) for (const [term, count] of this.#weightedCounts(o)) this.#append(term, o, count);
    }
    this.#staleDocuments.clear();
    this.#staleTerms.clear();
  }

  /** The place in #sorted of the first term at or after `text`. */
  #firstAtOrAfter(text: string): number {
    const sorted = this.#sorted!;
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.#terms[sorted[mid]!]! < text) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The term ids in the order of their text, sorted once; new terms are put in place as they come. */
  #sortTerms(): number[] {
    if (this.#sorted === null) this.#sorted = this.#terms.map((_, id) => id).sort((a, b) => compareText(this.#terms[a]!, this.#terms[b]!));
    return this.#sorted;
  }

  /** The ids of the terms that start with `prefix`. */
  #termsStartingWith(prefix: string): number[] {
    const sorted = this.#sortTerms();
    const ids: number[] = [];
    for (let i = this.#firstAtOrAfter(prefix); i < sorted.length; i++) {
      const id = sorted[i]!;
      if (!this.#terms[id]!.startsWith(prefix)) break;
      ids.push(id);
    }
    return ids;
  }

  /** Makes the working space reach every document. */
  #scratch(): void {
    const size = this.#tokens.size;
    if (this.#marks.length >= size) return;
    const capacity = Math.max(1024, size * 2);
    this.#marks = new Uint8Array(capacity);
    this.#sums = new Float64Array(capacity);
  }

  /** The documents having any of the terms, with the sum of their weighted counts. */
  #hitsOf(terms: readonly number[]): TermHits {
    return this.#union(terms.map((term) => this.#postings[term]!.subarray(0, 2 * this.#postingCount[term]!)));
  }

  /** The documents in any of the lists of pairs, each once, with the sum of its counts (every count is above 0). */
  #union(lists: readonly TermHits[]): TermHits {
    if (lists.length === 0) return NO_HITS;
    if (lists.length === 1) return lists[0]!;
    const sums = this.#sums;
    let most = 0;
    for (const list of lists) most += list.length / 2;
    const found = new Int32Array(most);
    let n = 0;
    for (const list of lists) {
      for (let i = 0; i < list.length; i += 2) {
        const o = list[i]!;
        if (sums[o] === 0) found[n++] = o;
        sums[o] = sums[o]! + list[i + 1]!;
      }
    }
    const hits = new Int32Array(2 * n);
    for (let i = 0; i < n; i++) {
      const o = found[i]!;
      hits[2 * i] = o;
      hits[2 * i + 1] = sums[o]!;
      sums[o] = 0;
    }
    return hits;
  }

  /**
   * The documents a term matches, with its weighted count in each: a word's (or prefix's) from its
   * postings; a phrase's found among the documents having all its words, by reading their tokens.
   */
  #termHits(term: SearchTerm): TermHits {
    const tests: TokenTest[] = [];
    const each: TermHits[] = [];
    for (const [k, token] of term.tokens.entries()) {
      let ids: number[];
      if (term.prefix && k === term.tokens.length - 1) {
        ids = this.#termsStartingWith(token);
        const marks = new Uint8Array(this.#terms.length);
        for (const id of ids) marks[id] = 1;
        tests.push(marks);
      } else {
        const id = this.#termIds.get(token);
        ids = id === undefined ? [] : [id];
        tests.push(id ?? -1);
      }
      each.push(this.#hitsOf(ids));
    }
    if (tests.length === 1) return each[0]!;
    const candidates = this.#intersect(each);
    const hits: number[] = [];
    for (let j = 0; j < candidates.length; j++) {
      const count = this.#phraseCount(candidates[j]!, tests);
      if (count > 0) hits.push(candidates[j]!, count);
    }
    return Int32Array.from(hits);
  }

  /**
   * The weighted count of a phrase in a document: each place where its tokens follow each other
   * within one part. Its first token is always a whole word (only the last can be a prefix), so
   * the places to try are where that word is.
   */
  #phraseCount(o: number, tests: readonly TokenTest[]): number {
    const first = tests[0];
    if (!this.#tokens.has(o) || typeof first !== "number" || first < 0) return 0;
    const pool = this.#tokens.pool;
    const start = this.#tokens.starts[o]!;
    const end = start + this.#tokens.lengths[o]!;
    const title = this.#tokens.titleLengths[o]!;
    const description = this.#tokens.descriptionLengths[o]!;
    const titleEnd = start + title;
    const descriptionEnd = titleEnd + description;
    let count = 0;
    for (let p = start; p < end; p++) {
      if (pool[p] !== first) continue;
      const part = p < titleEnd ? 0 : p < descriptionEnd ? 1 : 2;
      const partEnd = part === 0 ? titleEnd : part === 1 ? descriptionEnd : end;
      if (p + tests.length > partEnd) continue;
      let k = 1;
      while (k < tests.length && accepts(tests[k]!, pool[p + k]!)) k++;
      if (k === tests.length) count += WEIGHTS[part];
    }
    return count;
  }

  /** The documents in every list of pairs (each holds a document once), in the order of the shortest. */
  #intersect(lists: readonly TermHits[]): Int32Array {
    const sorted = [...lists].sort((a, b) => a.length - b.length);
    const shortest = sorted[0]!;
    const marks = this.#marks;
    const out = new Int32Array(shortest.length / 2);
    if (sorted.length === 1) {
      for (let i = 0; i < out.length; i++) out[i] = shortest[2 * i]!;
      return out;
    }
    // A document's mark counts the lists that have it, shortest first; a later list only raises
    // the marks of documents every list before it had.
    for (let i = 0; i < shortest.length; i += 2) marks[shortest[i]!] = 1;
    for (let l = 1; l < sorted.length; l++) {
      const list = sorted[l]!;
      for (let i = 0; i < list.length; i += 2) if (marks[list[i]!] === l) marks[list[i]!] = l + 1;
    }
    let n = 0;
    for (let i = 0; i < shortest.length; i += 2) {
      const o = shortest[i]!;
      if (marks[o] === sorted.length) out[n++] = o;
      marks[o] = 0;
    }
    return out.subarray(0, n);
  }

  /**
   * The documents matching a query, best first (bm25; equal ranks in the order of `newest`, the
   * list index's newest-first order of every document), at least the first `ordered` of them in
   * order (all, unless told). Empty for a query with nothing to match.
   */
  match(query: SearchQuery, newest: Int32Array, ordered = Number.POSITIVE_INFINITY): RankedMatches {
    this.#refresh();
    this.#scratch();
    const positive = query.groups.filter((group) => !group[0]!.excluded);
    if (positive.length === 0) return { documents: new Int32Array(0), ordered: 0 };
    const scored: TermHits[] = [];
    const groups = positive.map((group) => {
      const found = group.map((term) => this.#termHits(term));
      scored.push(...found);
      return this.#union(found);
    });
    let matched = this.#intersect(groups);
    const excluded = query.groups.filter((group) => group[0]!.excluded).map((group) => this.#termHits(group[0]!));
    if (excluded.length > 0 && matched.length > 0) {
      const marks = this.#marks;
      for (const hits of excluded) for (let i = 0; i < hits.length; i += 2) marks[hits[i]!] = 1;
      matched = matched.filter((o) => marks[o] === 0);
      for (const hits of excluded) for (let i = 0; i < hits.length; i += 2) marks[hits[i]!] = 0;
    }
    return this.#ranked(matched, scored, newest, ordered);
  }

  /**
   * Sorts matched documents by bm25, as FTS5 computes it, then newest first: only the best
   * `ordered` when they are far fewer than the matches (a list's first pages need no more, and
   * sorting 40,000 matches is half the cost of a frequent pair of words).
   */
  #ranked(matched: Int32Array, scored: readonly TermHits[], newest: Int32Array, ordered: number): RankedMatches {
    const n = this.#documents;
    const lengths = this.#tokens.lengths;
    const averageLength = this.#tokenTotal / Math.max(1, n);
    const marks = this.#marks;
    const scores = this.#sums;
    for (let j = 0; j < matched.length; j++) marks[matched[j]!] = 1;
    for (const hits of scored) {
      const hitCount = hits.length / 2;
      const idf = Math.max(MIN_IDF, Math.log((n - hitCount + 0.5) / (hitCount + 0.5)));
      for (let i = 0; i < hits.length; i += 2) {
        const o = hits[i]!;
        if (marks[o] === 0) continue;
        const count = hits[i + 1]!;
        const norm = K1 * (1 - B + (B * lengths[o]!) / averageLength);
        scores[o] = scores[o]! + (idf * count * (K1 + 1)) / (count + norm);
      }
    }
    let best = 0;
    for (let j = 0; j < matched.length; j++) best = Math.max(best, scores[matched[j]!]!);
    const place = this.#placesIn(newest);
    const keys = new Float64Array(matched.length);
    const scale = best > 0 ? RANK_STEPS / best : 0;
    for (let j = 0; j < matched.length; j++) {
      const o = matched[j]!;
      keys[j] = (RANK_STEPS - Math.round(scores[o]! * scale)) * PLACE_SCALE + place[o]!;
      scores[o] = 0;
      marks[o] = 0;
    }
    // Sorting a part pays when it is under a quarter of the matches (selecting it costs a pass or two).
    const sorted = ordered * 4 < keys.length ? selectSmallest(keys, ordered) : keys.length;
    keys.subarray(0, sorted).sort();
    const out = new Int32Array(matched.length);
    for (let j = 0; j < keys.length; j++) {
      const key = keys[j]!;
      out[j] = newest[key - Math.floor(key / PLACE_SCALE) * PLACE_SCALE]!;
    }
    return { documents: out, ordered: sorted };
  }

  /** Each document's place in `newest`, kept until the list index gives another order. */
  #placesIn(newest: Int32Array): Int32Array {
    if (this.#placeOf !== newest || this.#place.length < this.#tokens.size) {
      if (this.#place.length < this.#tokens.size) this.#place = new Int32Array(this.#marks.length);
      for (let i = 0; i < newest.length; i++) this.#place[newest[i]!] = i;
      this.#placeOf = newest;
    }
    return this.#place;
  }
}

function accepts(test: TokenTest, term: number): boolean {
  return typeof test === "number" ? test === term : test[term] === 1;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Moves the `k` smallest keys to the front, in no order (quickselect: each round keeps the side of
 * a pivot that holds the k-th). Returns k. The keys are distinct (each ends with a document's place).
 */
function selectSmallest(keys: Float64Array, k: number): number {
  let low = 0;
  let high = keys.length - 1;
  while (low < high) {
    // The middle of three as pivot: keys come in no particular order, but a bad pivot only costs time.
    const mid = (low + high) >>> 1;
    const a = keys[low]!;
    const b = keys[mid]!;
    const c = keys[high]!;
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    let i = low;
    let j = high;
    while (i <= j) {
      while (keys[i]! < pivot) i++;
      while (keys[j]! > pivot) j--;
      if (i <= j) {
        const t = keys[i]!;
        keys[i] = keys[j]!;
        keys[j] = t;
        i++;
        j--;
      }
    }
    if (k - 1 <= j) high = j;
    else if (k - 1 >= i) low = i;
    else break;
  }
  return k;
}
