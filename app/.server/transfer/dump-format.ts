import type { Engine } from "../db/client";

/**
 * The portable database dump (docs/decisions/0002 makes every column portable): gzip'd NDJSON,
 *
 *   {"format":"cccm-portal-backup","version":1,"createdAt":…,"sourceEngine":…,"portalVersion":…,"migrations":[…]}
 *   {"t":"users","r":{…one row…}}            one line per row, tables parents first
 *   {"end":true,"rows":N,"counts":{…}}       per-table counts: a file without them is incomplete
 *
 * This file is pure: building lines, normalising rows so both engines write the same bytes, and
 * reading lines back with every check that makes a damaged or truncated file refuse to load.
 */
export const DUMP_FORMAT = "cccm-portal-backup";
export const DUMP_VERSION = 1;

/** An expected failure: its message is for the operator, as is. */
export class TransferError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = "TransferError";
  }
}

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: number;
  createdAt: string;
  sourceEngine: Engine;
  /** The version of the portal that wrote the file (for the operator; the schema check uses `migrations`). */
  portalVersion?: string;
  /** Names of the migrations the source database had applied, in order. */
  migrations: string[];
}

export type DumpValue = string | number | null;
export type DumpRow = Record<string, DumpValue>;
export type TableCounts = Record<string, number>;

export interface ColumnInfo {
  name: string;
  /** The declared type as the engine reports it ("integer", "text", "int4", "bigint"...). */
  type: string;
}

export function headerLine(header: Omit<DumpHeader, "format" | "version">): string {
  const full: DumpHeader = { format: DUMP_FORMAT, version: DUMP_VERSION, ...header };
  return `${JSON.stringify(full)}\n`;
}

export function rowLine(table: string, row: DumpRow): string {
  return `${JSON.stringify({ t: table, r: row })}\n`;
}

export function trailerLine(counts: TableCounts): string {
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return `${JSON.stringify({ end: true, rows, counts })}\n`;
}

function numericKind(type: string): "integer" | "number" | null {
  if (/^(integer|int|int2|int4|int8|smallint|bigint|tinyint|mediumint)\b/i.test(type)) return "integer";
  if (/^(numeric|decimal|real|double|float|float4|float8)\b/i.test(type)) return "number";
  return null;
}

/**
 * The row as the dump stores it: columns in the table's order, numbers as numbers. PostgreSQL's
 * driver returns int8 and numeric as strings; they become numbers here, so a SQLite and a
 * PostgreSQL dump of the same data are byte for byte the same. Anything that is not text, a
 * number or null (a blob, a Date) has no portable form and stops the dump.
 */
export function normaliseRow(table: string, raw: Record<string, unknown>, columns: readonly ColumnInfo[]): DumpRow {
  const row: DumpRow = {};
  for (const { name, type } of columns) {
    if (!(name in raw)) throw new Error(`${table}.${name} is missing from the query result`);
    row[name] = normaliseValue(`${table}.${name}`, raw[name], numericKind(type));
  }
  const extra = Object.keys(raw).filter((k) => !columns.some((c) => c.name === k));
  if (extra.length) throw new Error(`${table} returned unknown columns: ${extra.join(", ")}`);
  return row;
}

function normaliseValue(where: string, value: unknown, kind: "integer" | "number" | null): DumpValue {
  if (value === null) return null;
  if (kind === null) {
    if (typeof value === "string") return value;
    throw new Error(`${where} holds a ${describeValue(value)}, which has no portable form (text expected)`);
  }
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "bigint") n = Number(value);
  else if (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value)) n = Number(value);
  else throw new Error(`${where} holds a ${describeValue(value)} where a number was expected`);
  const exact = kind === "integer" ? Number.isSafeInteger(n) : Number.isFinite(n);
  if (!exact) throw new Error(`${where} holds ${String(value)}, which a JSON number cannot carry exactly`);
  return n;
}

function describeValue(value: unknown): string {
  if (value instanceof Date) return "date object";
  if (value instanceof Uint8Array) return "binary value";
  return typeof value;
}

// Reading ------------------------------------------------------------------------------------------

export type DumpEvent =
  | { kind: "header"; header: DumpHeader }
  | { kind: "row"; table: string; row: DumpRow }
  | { kind: "end"; counts: TableCounts; rows: number };

const damaged = (why: string) => new TransferError(`The backup is damaged or truncated: ${why}.`);

/**
 * Checks a dump's lines as they stream past and yields its header, each row and, only once
 * everything agreed, its end. The header must come first; each table's rows must come in one run,
 * in the order of `tables`; the closing line must be last and its counts must equal the rows read.
 * Anything else throws a TransferError, so a consumer that loads rows as they come (inside a
 * transaction) only commits when the end arrives.
 */
export async function* parseDump(lines: AsyncIterable<string>, tables: readonly string[]): AsyncGenerator<DumpEvent> {
  const counts: TableCounts = Object.fromEntries(tables.map((t) => [t, 0]));
  let lineNo = 0;
  let header: DumpHeader | null = null;
  let trailer: TableCounts | null = null;
  let current = -1;
  for await (const line of lines) {
    lineNo++;
    if (trailer) throw damaged(`there is data after its closing line (line ${lineNo})`);
    if (lineNo === 1) {
      header = checkHeader(line);
      yield { kind: "header", header };
      continue;
    }
    const value = parseLine(line, lineNo);
    if ("end" in value) {
      trailer = checkTrailer(value, tables, lineNo);
      continue;
    }
    const { table, row } = checkRow(value, lineNo);
    const index = tables.indexOf(table);
    if (index < 0) throw damaged(`line ${lineNo} holds a row of an unknown table "${table}"`);
    if (index < current) throw damaged(`line ${lineNo} holds a row of "${table}" after rows of "${tables[current]}"`);
    current = index;
    counts[table] = (counts[table] ?? 0) + 1;
    yield { kind: "row", table, row };
  }
  if (!header) throw new TransferError("The file is empty: it is not a portal backup.");
  if (!trailer) throw damaged(`it ends after ${lineNo} lines, without its closing line of row counts`);
  for (const table of tables) {
    if (counts[table] !== trailer[table]) {
      throw damaged(`it holds ${counts[table]} rows of "${table}" but its closing line counts ${trailer[table]}`);
    }
  }
  yield { kind: "end", counts, rows: Object.values(counts).reduce((sum, n) => sum + n, 0) };
}

function parseLine(line: string, lineNo: number): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw damaged(`line ${lineNo} is not complete JSON`);
  }
  if (!isObject(value)) throw damaged(`line ${lineNo} is not a JSON object`);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkHeader(line: string): DumpHeader {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    value = null;
  }
  if (!isObject(value) || value.format !== DUMP_FORMAT) {
    throw new TransferError(`This file is not a portal backup: its first line is not a ${DUMP_FORMAT} header.`);
  }
  if (value.version !== DUMP_VERSION) {
    throw new TransferError(`This backup is in format version ${String(value.version)}; this portal reads version ${DUMP_VERSION}.`);
  }
  const { createdAt, sourceEngine, portalVersion, migrations } = value;
  if (
    typeof createdAt !== "string" ||
    (sourceEngine !== "sqlite" && sourceEngine !== "postgres") ||
    !Array.isArray(migrations) ||
    !migrations.every((m) => typeof m === "string") ||
    (portalVersion !== undefined && typeof portalVersion !== "string")
  ) {
    throw damaged("its header line lacks the creation time, source engine or migration list");
  }
  return {
    format: DUMP_FORMAT,
    version: DUMP_VERSION,
    createdAt,
    sourceEngine,
    ...(portalVersion === undefined ? {} : { portalVersion }),
    migrations: migrations as string[],
  };
}

function checkTrailer(value: Record<string, unknown>, tables: readonly string[], lineNo: number): TableCounts {
  const { end, counts } = value;
  if (end !== true || !isObject(counts)) throw damaged(`its closing line (line ${lineNo}) is malformed`);
  for (const name of Object.keys(counts)) {
    if (!tables.includes(name)) throw damaged(`its closing line counts an unknown table "${name}"`);
  }
  const out: TableCounts = {};
  for (const table of tables) {
    const n = counts[table];
    if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 0) throw damaged(`its closing line has no row count for "${table}"`);
    out[table] = n;
  }
  return out;
}

function checkRow(value: Record<string, unknown>, lineNo: number): { table: string; row: DumpRow } {
  const { t, r } = value;
  if (typeof t !== "string" || !isObject(r)) throw damaged(`line ${lineNo} is neither a row nor the closing line`);
  for (const [column, cell] of Object.entries(r)) {
    const portable = cell === null || typeof cell === "string" || (typeof cell === "number" && Number.isFinite(cell));
    if (!portable) throw damaged(`line ${lineNo} has a value of an unexpected kind in "${t}.${column}"`);
  }
  return { table: t, row: r as DumpRow };
}
