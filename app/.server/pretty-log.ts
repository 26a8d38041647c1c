/**
 * The logger's human-readable form, for a person watching a terminal (LOG_FORMAT=pretty, or auto
 * when stdout is a terminal): pino's JSON line in, one short line out.
 *
 *   12:00:01 INFO  GET /reports 200 12ms 24.1KB
 *   12:00:03 ERROR unexpected error method=GET path=/admin/analytics requestId=… userId=…
 *     Error: relation "activity_logs" does not exist
 *       at …
 *
 * A stack is shown under its line here (a person reads it); in JSON it stays one field of one line.
 */

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const COLORS: Record<number, string> = { 10: "90", 20: "90", 30: "32", 40: "33", 50: "31", 60: "35" };
/** pino's own fields, shown in the line's head (time, level, message) or not at all (pid, hostname). */
const HEAD_FIELDS = new Set(["level", "time", "pid", "hostname", "msg", "err"]);
/** The access line's fields (app/.server/http/access-log.ts), shown as its head. */
const ACCESS_FIELDS = ["method", "path", "status", "ms", "bytes"] as const;

export interface PrettyOptions {
  /** ANSI colours for the level (only when writing to a terminal). */
  color: boolean;
}

/** "512B", "24.1KB", "3.2MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

function clock(time: unknown): string {
  const date = typeof time === "number" ? new Date(time) : new Date();
  return [date.getHours(), date.getMinutes(), date.getSeconds()].map((n) => String(n).padStart(2, "0")).join(":");
}

/** Text shown as is: a control character (a line break, a terminal escape) is shown escaped. */
function printable(text: string): string {
  return /\p{Cc}/u.test(text) ? JSON.stringify(text).slice(1, -1) : text;
}

function fieldValue(value: unknown): string {
  if (typeof value === "string") return /^[^\s"=\p{Cc}]+$/u.test(value) ? value : JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null) return String(value);
  return JSON.stringify(value) ?? String(value);
}

function isAccessLine(record: Record<string, unknown>): boolean {
  return typeof record.method === "string" && typeof record.status === "number" && typeof record.ms === "number";
}

/** One pino record as a line (and, for an error, its stack indented below). */
export function prettyLine(record: Record<string, unknown>, { color }: PrettyOptions): string {
  const level = typeof record.level === "number" ? record.level : 30;
  const name = (LEVELS[level] ?? String(level)).padEnd(5);
  const levelText = color ? `\u001b[${COLORS[level] ?? "0"}m${name}\u001b[0m` : name;
  const parts = [clock(record.time), levelText];
  const shown = new Set(HEAD_FIELDS);
  if (isAccessLine(record)) {
    parts.push(printable(String(record.method)), printable(String(record.path)), String(record.status), `${record.ms}ms`);
    if (typeof record.bytes === "number") parts.push(formatBytes(record.bytes));
    for (const field of ACCESS_FIELDS) shown.add(field);
    // The access line's message only says what kind of line it is; the head says the rest.
    if (record.msg !== "request") parts.push(printable(String(record.msg)));
  } else if (record.msg !== undefined) parts.push(printable(String(record.msg)));
  for (const [key, value] of Object.entries(record)) {
    if (!shown.has(key) && value !== undefined) parts.push(`${key}=${fieldValue(value)}`);
  }
  let text = parts.join(" ");
  const err = record.err as { message?: unknown; stack?: unknown } | undefined;
  if (err && typeof err === "object") {
    const detail = typeof err.stack === "string" ? err.stack : String(err.message ?? "");
    text += `\n${detail
      .split("\n")
      .map((l) => `  ${printable(l)}`)
      .join("\n")}`;
  }
  return text;
}

/** A pino destination that writes each JSON line it gets as a pretty line to `out`. */
export function prettyDestination(out: NodeJS.WritableStream & { isTTY?: boolean }): { write(line: string): void } {
  const options = { color: out.isTTY === true };
  return {
    write(line: string) {
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch {
        out.write(line);
        return;
      }
      out.write(`${prettyLine(record as Record<string, unknown>, options)}\n`);
    },
  };
}
