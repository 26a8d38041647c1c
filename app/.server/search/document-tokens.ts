/**
 * Every document's tokens (term ids: title, then description, then keywords), for the word index
 * (word-index.ts), in one growing pool rather than one typed array per document: 100,000 small
 * arrays are 100,000 more objects for every full garbage collection to trace, and a pause during a
 * request is a slow page. A rewritten document's tokens are written at the end and its old ones
 * left in place; when the pool is full, the live tokens are copied to a new one with room for half
 * as many again.
 */
export class DocumentTokens {
  #pool = new Uint32Array(1 << 16);
  #used = 0;
  #wasted = 0;
  /** How many ordinals the per-document arrays cover (the highest set, plus one). */
  #size = 0;
  /** Per document: where its tokens start in the pool (-1: it has none). */
  #start = new Int32Array(1024).fill(-1);
  /** Per document: how many tokens it has, and how many of them are its title's and its description's. */
  #length = new Int32Array(1024);
  #titleLength = new Int32Array(1024);
  #descriptionLength = new Int32Array(1024);

  /** One more than the highest ordinal set: the size of an array marking documents. */
  get size(): number {
    return this.#size;
  }

  /** The pool; a document's tokens are at start(o) .. start(o) + length(o). Read it again after a `set`. */
  get pool(): Uint32Array {
    return this.#pool;
  }

  /** Per ordinal, where its tokens start (-1: none); read it again after a `set`. */
  get starts(): Int32Array {
    return this.#start;
  }

  /** Per ordinal, how many tokens it has; read it again after a `set`. */
  get lengths(): Int32Array {
    return this.#length;
  }

  has(o: number): boolean {
    return o < this.#size && this.#start[o]! >= 0;
  }

  /** Per ordinal, how many of its first tokens are its title's; read it again after a `set`. */
  get titleLengths(): Int32Array {
    return this.#titleLength;
  }

  /** Per ordinal, how many tokens after its title's are its description's; read it again after a `set`. */
  get descriptionLengths(): Int32Array {
    return this.#descriptionLength;
  }

  set(o: number, title: readonly number[], description: readonly number[], keywords: readonly number[]): void {
    this.delete(o);
    this.#cover(o);
    const length = title.length + description.length + keywords.length;
    this.#reserve(length);
    const start = this.#used;
    let at = start;
    for (const part of [title, description, keywords]) for (const term of part) this.#pool[at++] = term;
    this.#used = at;
    this.#start[o] = start;
    this.#length[o] = length;
    this.#titleLength[o] = title.length;
    this.#descriptionLength[o] = description.length;
  }

  delete(o: number): void {
    if (!this.has(o)) return;
    this.#wasted += this.#length[o]!;
    this.#start[o] = -1;
    this.#length[o] = 0;
  }

  /** Makes the per-document arrays reach ordinal `o`. */
  #cover(o: number): void {
    if (o >= this.#start.length) {
      const size = Math.max(o + 1, this.#start.length * 2);
      const grow = (from: Int32Array, fill = 0) => {
        const to = new Int32Array(size).fill(fill);
        to.set(from);
        return to;
      };
      this.#start = grow(this.#start, -1);
      this.#length = grow(this.#length);
      this.#titleLength = grow(this.#titleLength);
      this.#descriptionLength = grow(this.#descriptionLength);
    }
    this.#size = Math.max(this.#size, o + 1);
  }

  /** Room for `length` more tokens at the end: when the pool is full, a new one with the live tokens and half as many again. */
  #reserve(length: number): void {
    if (this.#used + length <= this.#pool.length) return;
    this.#compact(Math.ceil((this.#used - this.#wasted + length) * 1.5));
  }

  /** Leaves the pool just large enough for the live tokens (after a load: a grown pool is up to a third empty). */
  trim(): void {
    if (this.#used < this.#pool.length || this.#wasted > 0) this.#compact(this.#used - this.#wasted);
  }

  #compact(capacity: number): void {
    const pool = new Uint32Array(Math.max(capacity, 1));
    let at = 0;
    for (let o = 0; o < this.#size; o++) {
      const start = this.#start[o]!;
      if (start < 0) continue;
      const n = this.#length[o]!;
      pool.set(this.#pool.subarray(start, start + n), at);
      this.#start[o] = at;
      at += n;
    }
    this.#pool = pool;
    this.#used = at;
    this.#wasted = 0;
  }
}
