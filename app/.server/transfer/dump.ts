import type { Kysely } from "kysely";
import type { AppContext } from "../context";
import type { Engine } from "../db/client";
import type { Database } from "../db/types";
import { PORTAL_VERSION } from "../system/system.service";
import { iso } from "../time";
import {
  type ColumnInfo,
  type DumpHeader,
  type DumpRow,
  headerLine,
  normaliseRow,
  rowLine,
  type TableCounts,
  trailerLine,
} from "./dump-format";
import { type WrittenFile, writeGzipFile } from "./files";
import { appliedMigrations, checkedColumns } from "./schema";
import { TRANSFER_TABLES } from "./tables";
import { selectRowPages } from "./transfer.queries";

/** Rows read (and written) at a time: memory stays flat whatever a table's size. */
export const PAGE_SIZE = 500;

export interface DumpSummary extends WrittenFile {
  counts: TableCounts;
  rows: number;
  migrations: string[];
}

/**
 * Writes the whole database to `file` (which must not exist yet) in the portable dump format.
 * Everything is read inside one read-only transaction, so the dump is one consistent snapshot even
 * while the portal keeps writing (repeatable read on PostgreSQL; a WAL read snapshot on SQLite).
 * `onRow` sees every row as it is written (the export collects storage keys with it).
 */
export async function dumpDatabase(ctx: AppContext, file: string, onRow?: (table: string, row: DumpRow) => void): Promise<DumpSummary> {
  const { kysely, engine } = ctx.db;
  const columns = await checkedColumns(kysely, engine);
  const migrations = await appliedMigrations(kysely, engine);
  const counts: TableCounts = {};
  const written = await kysely
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute((trx) =>
      writeGzipFile(
        file,
        dumpLines(
          trx,
          engine,
          columns,
          counts,
          { createdAt: iso(ctx.now()), sourceEngine: engine, portalVersion: PORTAL_VERSION, migrations },
          onRow,
        ),
      ),
    );
  const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { ...written, counts, rows, migrations };
}

async function* dumpLines(
  db: Kysely<Database>,
  engine: Engine,
  columns: Map<string, ColumnInfo[]>,
  counts: TableCounts,
  header: Omit<DumpHeader, "format" | "version">,
  onRow: ((table: string, row: DumpRow) => void) | undefined,
): AsyncGenerator<string> {
  yield headerLine(header);
  for (const { name, key } of TRANSFER_TABLES) {
    const tableColumns = columns.get(name) ?? [];
    let count = 0;
    for await (const page of selectRowPages(db, engine, name, key, PAGE_SIZE)) {
      let chunk = "";
      for (const raw of page) {
        const row = normaliseRow(name, raw, tableColumns);
        onRow?.(name, row);
        chunk += rowLine(name, row);
      }
      count += page.length;
      yield chunk;
    }
    counts[name] = count;
  }
  yield trailerLine(counts);
}
