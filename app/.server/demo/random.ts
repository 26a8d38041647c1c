import { createHash } from "node:crypto";

/** Deterministic pseudo-random numbers: the same seed always gives the same demo file. */

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/** A generator whose sequence depends only on `seed`: sha256(seed, counter), 32 bits at a time. */
export function seededRandom(seed: string): Random {
  let block = Buffer.alloc(0);
  let offset = 0;
  let counter = 0;
  const next = () => {
    if (offset + 4 > block.length) {
      block = createHash("sha256").update(`${seed}\u0000${counter++}`).digest();
      offset = 0;
    }
    const value = block.readUInt32BE(offset);
    offset += 4;
    return value / 2 ** 32;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) out.push(pool.splice(int(0, pool.length - 1), 1)[0] as T);
    return out;
  };
  return { next, int, pick: (items) => sample(items, 1)[0] as (typeof items)[number], sample };
}
