import { describe, expect, it } from "vitest";
import { normaliseText, TextBudget, utf8Bytes } from "./text";

describe("normaliseText", () => {
  it("drops NUL and other controls, which PostgreSQL's text refuses or nobody can see", () => {
    expect(normaliseText("a\u0000b\u0007c\u007fd\u0085e")).toBe("abcd\ne");
  });

  it("makes every run of spaces one space and every line ending a line feed", () => {
    expect(normaliseText("  one \t\u00a0 two\r\nthree\rfour\u2028five  ")).toBe("one two\nthree\nfour\nfive");
  });

  it("keeps at most one blank line in a row and trims spaces around line breaks", () => {
    expect(normaliseText("title \n\n\n\n body\n \nend")).toBe("title\n\nbody\n\nend");
  });

  it("replaces half a surrogate pair and keeps whole ones", () => {
    expect(normaliseText("a\ud800b 😀")).toBe("a\ufffdb 😀");
  });
});

describe("TextBudget", () => {
  it("keeps whole texts while they fit and counts UTF-8 bytes", () => {
    const budget = new TextBudget(20);
    expect(budget.take("déplacés")).toBe("déplacés"); // 10 bytes
    expect(budget.usedBytes).toBe(10);
    expect(budget.truncated).toBe(false);
  });

  it("cuts at a character boundary, never inside a UTF-8 sequence or a surrogate pair", () => {
    const budget = new TextBudget(7);
    expect(budget.take("ab😀é😀")).toBe("ab😀"); // 2 + 4 bytes; é would make 8
    expect(budget.truncated).toBe(true);
    expect(budget.exhausted).toBe(true);
    expect(budget.take("m")).toBe(""); // a byte is left, but a page after the cut would follow a gap
  });

  it("is exhausted once every byte is used", () => {
    const budget = new TextBudget(4);
    expect(budget.take("abcd")).toBe("abcd");
    expect(budget.exhausted).toBe(true);
    expect(budget.truncated).toBe(false);
    expect(budget.take("e")).toBe("");
    expect(budget.truncated).toBe(true);
  });

  it("measures like Buffer.byteLength", () => {
    expect(utf8Bytes("Soomaaliya – 😀")).toBe(Buffer.byteLength("Soomaaliya – 😀"));
  });
});
