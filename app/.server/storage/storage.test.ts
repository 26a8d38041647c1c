import { describe, expect, it } from "vitest";

import { assertValidKey, assertValidRange, generateStorageKey, safeExtension } from "./storage";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";

describe("generateStorageKey", () => {
  const now = new Date("2026-03-07T12:34:56.789Z");

  it("builds prefix/yyyy/mm/timestamp-uuid.ext", () => {
    const key = generateStorageKey({ prefix: "documents", originalName: "Report.PDF", now });
    expect(key).toMatch(new RegExp(`^documents/2026/03/${now.getTime()}-${UUID}\\.pdf$`));
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it("uses UTC for year and month", () => {
    const key = generateStorageKey({
      prefix: "documents",
      originalName: "a.txt",
      now: new Date("2025-12-31T23:30:00.000Z"),
    });
    expect(key.startsWith("documents/2025/12/")).toBe(true);
  });

  it("accepts nested prefixes with = _ -", () => {
    const key = generateStorageKey({ prefix: "org/default/year=2026/some_thing-x", originalName: "x.csv", now });
    expect(key).toMatch(new RegExp(`^org/default/year=2026/some_thing-x/2026/03/\\d+-${UUID}\\.csv$`));
  });

  it("defaults `now` to the current time", () => {
    const before = Date.now();
    const key = generateStorageKey({ prefix: "documents", originalName: "a.pdf" });
    const after = Date.now();
    const timestamp = Number(/\/(\d+)-/.exec(key)?.[1]);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(after);
  });

  it("generates a different key each time", () => {
    const keys = new Set(Array.from({ length: 50 }, () => generateStorageKey({ prefix: "documents", originalName: "a.pdf", now })));
    expect(keys.size).toBe(50);
  });

  it.each([
    ["report.pdf", ".pdf"],
    ["REPORT.XLSX", ".xlsx"],
    ["archive.tar.gz", ".gz"],
    ["C:\\Users\\me\\notes.docx", ".docx"],
    ["dir/sub/photo.jpeg", ".jpeg"],
    ["noextension", ""],
    [".bashrc", ""],
    ["trailingdot.", ""],
    ["toolong.abcdefghi", ""],
    ["exactly8.abcdefgh", ".abcdefgh"],
    ["weird.p df", ""],
    ["weird.pdf ", ""],
    ["unicode.pdé", ""],
    ["evil.pdf/../../x", ""],
    ["x.ph%70", ""],
    ["", ""],
  ])("extension of %j is %j", (name, ext) => {
    expect(safeExtension(name)).toBe(ext);
    const key = generateStorageKey({ prefix: "documents", originalName: name, now });
    expect(key).toMatch(new RegExp(`^documents/2026/03/\\d+-${UUID}${ext.replace(".", "\\.")}$`));
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it.each([
    "",
    "Documents",
    "documents/",
    "/documents",
    "docs//x",
    "../documents",
    "docs/../x",
    "docs/./x",
    "docs\\x",
    "docs x",
    "docs.x",
    "döcs",
    "docs?x",
  ])("rejects prefix %j", (prefix) => {
    expect(() => generateStorageKey({ prefix, originalName: "a.pdf", now })).toThrow(/prefix/);
  });

  it("rejects an invalid date", () => {
    expect(() => generateStorageKey({ prefix: "documents", originalName: "a.pdf", now: new Date(Number.NaN) })).toThrow();
  });
});

describe("assertValidKey", () => {
  it.each([
    "a",
    "documents/2026/03/1767225600000-0d5c3a6e-6d3b-4e5c-9f1a-2b3c4d5e6f70.pdf",
    "org/default/year=2026/x_y-z.TXT",
    "a.b.c/d",
    "_health/1-2.txt",
  ])("accepts %j", (key) => {
    expect(() => assertValidKey(key)).not.toThrow();
  });

  it.each([
    ["", /empty/],
    ["..", /\.\./],
    ["a/../b", /\.\./],
    ["a/..", /\.\./],
    ["a..b", /\.\./],
    ["/a/b", /leading slash/],
    ["a\\b", /backslash/],
    ["a//b", /empty segment/],
    ["a/", /empty segment/],
    ["a/./b", /segment starts with/],
    [".tmp/x", /segment starts with/],
    ["a/.hidden", /segment starts with/],
    ["a b", /characters/],
    ["a?b", /characters/],
    ["a%2Fb", /characters/],
    ["a\u0000b", /characters/],
    ["ä", /characters/],
    ["a:b", /characters/],
    ["a".repeat(1025), /longer/],
  ])("rejects %j", (key, message) => {
    expect(() => assertValidKey(key)).toThrow(message);
  });
});

describe("assertValidRange", () => {
  it("accepts inclusive ranges", () => {
    expect(() => assertValidRange({ start: 0, end: 0 })).not.toThrow();
    expect(() => assertValidRange({ start: 5, end: 100 })).not.toThrow();
  });

  it.each([
    { start: -1, end: 3 },
    { start: 4, end: 3 },
    { start: 0.5, end: 3 },
    { start: 0, end: Number.NaN },
    { start: 0, end: Number.POSITIVE_INFINITY },
  ])("rejects %j", (range) => {
    expect(() => assertValidRange(range)).toThrow(RangeError);
  });
});
