import type { Kysely } from "kysely";
import type { AppContext } from "../context";
import { migrateToLatest } from "../db/migrate";
import type { Database } from "../db/types";
import { rebuildSearchIndex } from "../search/search-index";
import { type ColumnInfo, type DumpHeader, type DumpRow, parseDump, type TableCounts, TransferError } from "./dump-format";
import { readGzipLines } from "./files";
import { appliedMigrations, assertSameMigrations, checkedColumns } from "./schema";
import { TABLE_NAMES } from "./tables";
import { countRows, deleteAllRows, hasUsersOrDocuments, insertRows } from "./transfer.queries";

/** Bind parameters per INSERT stay far below both engines' limits (SQLite 32766, PostgreSQL 65535). */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS_PER_INSERT = 500;

export interface RestoreSummary {
  header: DumpHeader;
  counts: TableCounts;
  rows: number;
}

export interface RestoreOptions {
  /** Refuse unless the database holds no user and no document (import: never over a live installation). */
  requireEmpty?: boolean;
}

export const NOT_EMPTY_MESSAGE =
  "The target database already has users or documents: import only into a new, empty installation (nothing was changed).";

/**
 * Replaces the database's whole content with a dump's. The schema is migrated to the latest
 * version first and the dump must come from that same version. Then, in ONE transaction: every
 * row of every table is deleted (children first), the file's rows are inserted as they stream in
 * (batched), and the rows now in each table are counted against the file's closing line. Any
 * problem (a damaged or cut file, a wrong count, a constraint) rolls everything back: the
 * database is either wholly the file's or unchanged.
 */
export async function restoreDatabase(ctx: AppContext, file: string, options: RestoreOptions = {}): Promise<RestoreSummary> {
  const { kysely, engine } = ctx.db;
  await migrateToLatest(kysely, engine);
  const columns = await checkedColumns(kysely, engine);
  const migrations = await appliedMigrations(kysely, engine);

  const events = parseDump(readGzipLines(file), TABLE_NAMES);
  try {
    const first = await events.next();
    if (first.done || first.value.kind !== "header") throw new TransferError("This file is not a portal backup.");
    const { header } = first.value;
    assertSameMigrations(header.migrations, migrations, header.portalVersion);
    if (options.requireEmpty && (await hasUsersOrDocuments(kysely))) throw new TransferError(NOT_EMPTY_MESSAGE);

    const end = await kysely.transaction().execute(async (trx) => {
      // Checked again inside the transaction: an account created meanwhile must not be erased.
      if (options.requireEmpty && (await hasUsersOrDocuments(trx))) throw new TransferError(NOT_EMPTY_MESSAGE);
      for (const table of [...TABLE_NAMES].reverse()) await deleteAllRows(trx, table);
      const loader = batchLoader(trx, columns);
      for await (const event of events) {
        if (event.kind === "row") await loader.add(event.table, event.row);
        if (event.kind === "end") {
          await loader.flush();
          await assertCounts(trx, event.counts);
          // The search indexes are derived data, not in the dump: the words inside files are
          // indexed again from the restored pages, and every list index loads the documents again.
          await rebuildSearchIndex(trx, engine);
          return event;
        }
      }
      throw new TransferError("The backup is damaged or truncated: it has no closing line.");
    });
    return { header, counts: end.counts, rows: end.rows };
  } finally {
    await events.return(undefined);
  }
}

/** Collects rows per table and inserts them a batch at a time; a row must carry exactly the table's columns. */
function batchLoader(db: Kysely<Database>, columns: Map<string, ColumnInfo[]>) {
  let table: string | null = null;
  let rows: DumpRow[] = [];
  let limit = MAX_ROWS_PER_INSERT;
  let expected = "";

  const flush = async () => {
    if (table && rows.length) await insertRows(db, table, rows);
    rows = [];
  };

  return {
    flush,
    async add(name: string, row: DumpRow) {
      if (name !== table) {
        await flush();
        table = name;
        const tableColumns = columns.get(name) ?? [];
        expected = tableColumns
          .map((c) => c.name)
          .sort()
          .join(", ");
        limit = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / Math.max(1, tableColumns.length))));
      }
      const found = Object.keys(row).sort().join(", ");
      if (found !== expected) {
        throw new TransferError(
          `The backup does not match this database: a row of "${name}" has the columns (${found}), the table has (${expected}).`,
        );
      }
      rows.push(row);
      if (rows.length >= limit) await flush();
    },
  };
}

async function assertCounts(db: Kysely<Database>, counts: TableCounts): Promise<void> {
  for (const table of TABLE_NAMES) {
    const found = await countRows(db, table);
    if (found !== counts[table]) {
      throw new TransferError(
        `After loading, "${table}" holds ${found} rows where the backup counts ${counts[table]}; nothing was changed.`,
      );
    }
  }
}
