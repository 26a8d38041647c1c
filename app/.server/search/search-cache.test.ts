import { describe, expect, it } from "vitest";
import { VersionCache } from "./search-cache";

/** The cache's bound (decision 0015: at most 2,000 count sets per process). */
const MAX_ENTRIES = 2_000;

/** A compute function that counts its calls and returns `value`. */
function counter<T>(value: T) {
  const fn = async () => {
    fn.calls++;
    return value;
  };
  fn.calls = 0;
  return fn;
}

describe("the count cache", () => {
  it("computes a key once per version and answers from memory after that", async () => {
    const cache = new VersionCache();
    const compute = counter({ total: 7 });
    expect(await cache.get(1, "facets", compute)).toEqual({ total: 7 });
    expect(await cache.get(1, "facets", compute)).toEqual({ total: 7 });
    expect(compute.calls).toBe(1);
    // Another key is another count.
    const other = counter(3);
    expect(await cache.get(1, "total", other)).toBe(3);
    expect(other.calls).toBe(1);
    expect(cache.size).toBe(2);
  });

  it("empties itself when the version changes, so no count of older documents is ever read", async () => {
    const cache = new VersionCache();
    await cache.get(1, "a", counter(1));
    await cache.get(1, "b", counter(2));
    expect(cache.size).toBe(2);
    const recount = counter(10);
    expect(await cache.get(2, "a", recount)).toBe(10);
    expect(recount.calls).toBe(1);
    expect(cache.size).toBe(1);
    // "b" is gone too: it is computed again at the new version.
    const b = counter(20);
    expect(await cache.get(2, "b", b)).toBe(20);
    expect(b.calls).toBe(1);
    // A request that read the version before the write cannot bring back the old counts either.
    const late = counter(1);
    expect(await cache.get(1, "a", late)).toBe(1);
    expect(late.calls).toBe(1);
  });

  it("does not keep a count computed while a newer version arrived", async () => {
    const cache = new VersionCache();
    let release!: (n: number) => void;
    const slow = cache.get(1, "a", () => new Promise<number>((resolve) => (release = resolve)));
    // A write lands and another request reads the new version meanwhile.
    await cache.get(2, "b", counter(5));
    release(99);
    expect(await slow).toBe(99);
    const fresh = counter(100);
    expect(await cache.get(2, "a", fresh)).toBe(100);
    expect(fresh.calls).toBe(1);
  });

  it("caches nothing when the count fails", async () => {
    const cache = new VersionCache();
    await expect(
      cache.get(1, "a", async () => {
        throw new Error("database gone");
      }),
    ).rejects.toThrow("database gone");
    expect(cache.size).toBe(0);
    expect(await cache.get(1, "a", counter(4))).toBe(4);
  });

  it(`holds at most ${MAX_ENTRIES} entries, dropping the least recently used`, async () => {
    const cache = new VersionCache();
    for (let i = 0; i < MAX_ENTRIES; i++) await cache.get(1, `k${i}`, counter(i));
    expect(cache.size).toBe(MAX_ENTRIES);
    // Reading k0 makes it recent; k1 is now the oldest.
    const k0 = counter(-1);
    expect(await cache.get(1, "k0", k0)).toBe(0);
    expect(k0.calls).toBe(0);
    await cache.get(1, "new", counter("new"));
    expect(cache.size).toBe(MAX_ENTRIES);
    const again0 = counter(-1);
    expect(await cache.get(1, "k0", again0)).toBe(0);
    expect(again0.calls).toBe(0);
    const again1 = counter(-1);
    expect(await cache.get(1, "k1", again1)).toBe(-1);
    expect(again1.calls).toBe(1);
    expect(cache.size).toBe(MAX_ENTRIES);
  });

  it("holds at most the number of entries it was made for", async () => {
    const cache = new VersionCache(2);
    for (const key of ["a", "b", "c"]) await cache.get(1, key, counter(key));
    expect(cache.size).toBe(2);
    const a = counter("again");
    expect(await cache.get(1, "a", a)).toBe("again");
    expect(a.calls).toBe(1);
  });
});
