import { describe, expect, it } from "vitest";
import { INDEX_PART_CHARS, textParts } from "./page-index";

describe("textParts", () => {
  it("keeps a page of ordinary length whole", () => {
    expect(textParts("Water points in Garasbaley.")).toEqual(["Water points in Garasbaley."]);
    expect(textParts("")).toEqual([""]);
  });

  it("cuts a long page at spaces into parts of at most the limit, losing no character", () => {
    const text = Array.from({ length: 40_000 }, (_, i) => `word${i}`).join(" ");
    const parts = textParts(text);
    expect(parts.length).toBeGreaterThan(5);
    expect(parts.every((p) => p.length <= INDEX_PART_CHARS)).toBe(true);
    expect(parts.join("")).toBe(text);
    // Every cut falls before a separator: no word is split.
    expect(parts.slice(1).every((p) => /^[ \n]/.test(p))).toBe(true);
  });

  it("cuts a page without spaces at the limit", () => {
    const text = "x".repeat(INDEX_PART_CHARS * 2 + 10);
    expect(textParts(text).map((p) => p.length)).toEqual([INDEX_PART_CHARS, INDEX_PART_CHARS, 10]);
  });
});
