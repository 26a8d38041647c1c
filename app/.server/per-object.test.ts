import { describe, expect, it } from "vitest";
import { perObject } from "./per-object";

describe("perObject", () => {
  it("makes a value once per object, from that object", () => {
    const made: string[] = [];
    const labelOf = perObject((key: { name: string }) => {
      made.push(key.name);
      return { label: key.name.toUpperCase() };
    });
    const a = { name: "a" };
    const b = { name: "b" };
    const first = labelOf(a);
    expect(first).toEqual({ label: "A" });
    expect(labelOf(a)).toBe(first);
    expect(labelOf(b)).toEqual({ label: "B" });
    expect(made).toEqual(["a", "b"]);
  });

  it("keeps a promise as made, so callers at once share one piece of work", async () => {
    let calls = 0;
    const work = perObject(async (_key: object) => {
      calls += 1;
      return calls;
    });
    const key = {};
    const [x, y] = await Promise.all([work(key), work(key)]);
    expect([x, y, calls]).toEqual([1, 1, 1]);
  });
});
