/**
 * Values derived from the documents, kept per version of the search state (search-index.ts): the
 * lists' counts, a search's matches, a list's filtered and ordered documents (decision 0018). Any
 * write a list can show advances the version in the same transaction, so a kept value is never
 * read after the documents it came from changed, on this instance or another.
 */

/** Entries kept by default; the oldest used goes first. A key is a list's filters, so this covers many searches. */
const MAX_ENTRIES = 2_000;

export class VersionCache {
  #version = -1;
  #entries = new Map<string, unknown>();
  readonly #maxEntries: number;

  constructor(maxEntries = MAX_ENTRIES) {
    this.#maxEntries = maxEntries;
  }

  /** The cached value of `key` at `version`, or `compute()`'s, cached. A new version empties the cache. */
  async get<T>(version: number, key: string, compute: () => Promise<T>): Promise<T> {
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
    }
    if (this.#entries.has(key)) {
      const value = this.#entries.get(key) as T;
      // Re-inserting marks it as recently used (a Map keeps insertion order).
      this.#entries.delete(key);
      this.#entries.set(key, value);
      return value;
    }
    const value = await compute();
    // A write may have landed while computing; the value then belongs to an older version.
    if (version === this.#version) {
      this.#entries.set(key, value);
      if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
    }
    return value;
  }

  get size(): number {
    return this.#entries.size;
  }
}
