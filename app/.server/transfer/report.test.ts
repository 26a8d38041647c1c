import { describe, expect, it } from "vitest";
import { formatCounts, formatImportReport } from "./report";

describe("transfer reports", () => {
  it("prints the import check as a table: rows expected and found, then the files", () => {
    const text = formatImportReport({
      tables: [
        { table: "users", expected: 2, found: 2 },
        { table: "activity_logs", expected: 1200, found: 1199 },
      ],
      files: { expected: 40, found: 40, bytes: 1234567, matched: 39, problems: ["documents/x.pdf: read back 3 bytes, sha256 abc"] },
      ok: false,
    });
    expect(text).toBe(
      [
        "table          rows expected  rows found",
        "users                      2           2  ok",
        "activity_logs          1,200       1,199  MISMATCH",
        "",
        "files: 40 of 40 read back, 1,234,567 bytes, checksums matched: 39 of 40",
        "  documents/x.pdf: read back 3 bytes, sha256 abc",
      ].join("\n"),
    );
  });

  it("prints counts with a total", () => {
    expect(formatCounts({ users: 1, documents: 40 })).toBe(
      ["table      rows", "users         1", "documents    40", "total        41"].join("\n"),
    );
  });
});
