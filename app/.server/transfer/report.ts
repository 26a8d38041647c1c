import type { TableCounts } from "./dump-format";
import type { ImportReport } from "./import";

/** The console output of the transfer commands: plain-text tables, aligned for a terminal. */

const number = (n: number) => n.toLocaleString("en-US");

/** First column (and any in `left`) aligned left, numbers right. */
function table(headers: string[], rows: string[][], left: number[] = []): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 || left.includes(i) ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(headers), ...rows.map(line)].join("\n");
}

export function formatCounts(counts: TableCounts): string {
  const rows = Object.entries(counts).map(([name, n]) => [name, number(n)]);
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return table(["table", "rows"], [...rows, ["total", number(total)]]);
}

export function formatImportReport(report: ImportReport): string {
  const rows = report.tables.map((t) => [t.table, number(t.expected), number(t.found), t.expected === t.found ? "ok" : "MISMATCH"]);
  const { files } = report;
  const lines = [
    table(["table", "rows expected", "rows found", ""], rows, [3]),
    "",
    `files: ${number(files.found)} of ${number(files.expected)} read back, ${number(files.bytes)} bytes, checksums matched: ${number(files.matched)} of ${number(files.expected)}`,
    ...files.problems.map((p) => `  ${p}`),
  ];
  return lines.join("\n");
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
