import { describe, expect, it } from "vitest";
import { type DumpEvent, headerLine, normaliseRow, parseDump, rowLine, trailerLine } from "./dump-format";

const TABLES = ["users", "documents", "settings"];
const HEADER = headerLine({ createdAt: "2026-03-01T09:30:15.000Z", sourceEngine: "sqlite", migrations: ["0001-initial", "0002-next"] });

async function* linesOf(text: string): AsyncGenerator<string> {
  for (const line of text.split("\n").slice(0, -1)) yield line;
}

async function collect(text: string): Promise<DumpEvent[]> {
  const out: DumpEvent[] = [];
  for await (const event of parseDump(linesOf(text), TABLES)) out.push(event);
  return out;
}

const user = { id: "u1", email: "a@example.org", login_count: 3 };
const doc = (id: string) => ({ id, title: `Doc ${id}`, size: null });
const good =
  HEADER +
  rowLine("users", user) +
  rowLine("documents", doc("d1")) +
  rowLine("documents", doc("d2")) +
  trailerLine({ users: 1, documents: 2, settings: 0 });

describe("dump lines", () => {
  it("reads back what was written: header, rows in order, then the end with counts", async () => {
    const events = await collect(good);
    expect(events[0]).toEqual({
      kind: "header",
      header: {
        format: "cccm-portal-backup",
        version: 1,
        createdAt: "2026-03-01T09:30:15.000Z",
        sourceEngine: "sqlite",
        migrations: ["0001-initial", "0002-next"],
      },
    });
    expect(events.slice(1, 4)).toEqual([
      { kind: "row", table: "users", row: user },
      { kind: "row", table: "documents", row: doc("d1") },
      { kind: "row", table: "documents", row: doc("d2") },
    ]);
    expect(events[4]).toEqual({ kind: "end", counts: { users: 1, documents: 2, settings: 0 }, rows: 3 });
  });

  it("writes one JSON object per line, the closing line with per-table counts and the total", () => {
    expect(rowLine("users", { id: "u1", n: 1, x: null })).toBe('{"t":"users","r":{"id":"u1","n":1,"x":null}}\n');
    expect(trailerLine({ users: 1, documents: 2 })).toBe('{"end":true,"rows":3,"counts":{"users":1,"documents":2}}\n');
  });

  const refusals: [string, string, RegExp][] = [
    ["an empty file", "", /empty/],
    ["a file that is not a backup", '{"hello":1}\n', /not a portal backup/],
    ["another format version", good.replace('"version":1', '"version":2'), /format version 2; this portal reads version 1/],
    ["a file cut before its closing line", `${good.split("\n").slice(0, 3).join("\n")}\n`, /damaged or truncated: it ends after 3 lines/],
    ["a file cut inside a line", `${good.slice(0, good.lastIndexOf('{"t"') + 20)}\n`, /damaged or truncated: line 4 is not complete JSON/],
    [
      "a count that does not match",
      good.replace('"documents":2', '"documents":3').replace('"rows":3', '"rows":4'),
      /2 rows of "documents" but its closing line counts 3/,
    ],
    ["a missing count", good.replace(',"settings":0', ""), /no row count for "settings"/],
    ["a count of an unknown table", good.replace('"settings":0', '"settings":0,"extra":0'), /unknown table "extra"/],
    ["data after the closing line", good + rowLine("settings", { key: "k" }), /data after its closing line/],
    [
      "a row of an unknown table",
      HEADER + rowLine("nope", { id: 1 }) + trailerLine({ users: 0, documents: 0, settings: 0 }),
      /unknown table "nope"/,
    ],
    [
      "a parent table after its children",
      HEADER + rowLine("documents", doc("d1")) + rowLine("users", user) + trailerLine({ users: 1, documents: 1, settings: 0 }),
      /row of "users" after rows of "documents"/,
    ],
    ["a value that is not text, a number or null", `${HEADER}{"t":"users","r":{"id":{"x":1}}}\n`, /unexpected kind in "users.id"/],
    [
      "a header without its migration list",
      '{"format":"cccm-portal-backup","version":1,"createdAt":"x","sourceEngine":"sqlite"}\n',
      /header line lacks/,
    ],
  ];

  it.each(refusals)("refuses %s", async (_label, text, message) => {
    await expect(collect(text)).rejects.toThrow(message);
  });

  it("refuses before yielding the end, so a loader that commits on the end never commits a bad file", async () => {
    const kinds: string[] = [];
    const bad = good.replace('"documents":2', '"documents":1').replace('"rows":3', '"rows":2');
    await expect(
      (async () => {
        for await (const event of parseDump(linesOf(bad), TABLES)) kinds.push(event.kind);
      })(),
    ).rejects.toThrow(/damaged or truncated/);
    expect(kinds).toEqual(["header", "row", "row", "row"]);
  });
});

describe("normaliseRow", () => {
  const columns = [
    { name: "id", type: "text" },
    { name: "size", type: "integer" },
    { name: "big", type: "bigint" },
    { name: "amount", type: "numeric(10,2)" },
    { name: "note", type: "text" },
  ];

  it("gives the same row for SQLite's numbers and PostgreSQL's numeric strings, in column order", () => {
    const fromSqlite = normaliseRow("t", { note: null, amount: 1.5, big: 9007199254740991, size: 42, id: "a" }, columns);
    const fromPostgres = normaliseRow("t", { id: "a", size: 42, big: "9007199254740991", amount: "1.50", note: null }, columns);
    expect(fromSqlite).toEqual({ id: "a", size: 42, big: 9007199254740991, amount: 1.5, note: null });
    expect(rowLine("t", fromPostgres)).toBe(rowLine("t", fromSqlite));
    expect(normaliseRow("t", { id: "a", size: 7n, big: null, amount: null, note: "x" }, columns).size).toBe(7);
  });

  it("keeps text that looks like a number as text", () => {
    expect(normaliseRow("t", { id: "0042", size: null, big: null, amount: null, note: "1e3" }, columns)).toMatchObject({
      id: "0042",
      note: "1e3",
    });
  });

  it.each([
    ["a date object", { id: new Date() }, /t.id holds a date object/],
    ["a binary value", { id: Buffer.from("x") }, /binary value/],
    ["a number in a text column", { id: 5 }, /t.id holds a number/],
    ["words in an integer column", { size: "many" }, /t.size holds a string where a number was expected/],
    ["an integer past 2^53", { big: "9007199254740993" }, /cannot carry exactly/],
    ["a fraction in an integer column", { size: "1.5" }, /cannot carry exactly/],
  ])("refuses %s", (_label, patch, message) => {
    const raw = { id: "a", size: 1, big: 1, amount: 1, note: null, ...patch };
    expect(() => normaliseRow("t", raw, columns)).toThrow(message);
  });

  it("refuses a result with a column missing or one too many", () => {
    expect(() => normaliseRow("t", { id: "a", size: 1, big: 1, amount: 1 }, columns)).toThrow(/t.note is missing/);
    expect(() => normaliseRow("t", { id: "a", size: 1, big: 1, amount: 1, note: null, extra: 1 }, columns)).toThrow(
      /unknown columns: extra/,
    );
  });
});
