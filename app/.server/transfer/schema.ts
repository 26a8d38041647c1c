import type { Kysely } from "kysely";
import type { Engine } from "../db/client";
import { migrationStatus } from "../db/migrate";
import type { Database } from "../db/types";
import { type ColumnInfo, TransferError } from "./dump-format";
import { TRANSFER_TABLES } from "./tables";
import { selectForeignKeys, selectTables } from "./transfer.queries";

/**
 * The live schema, checked against what the transfer knows (tables.ts) before anything is read or
 * written: every table listed and no other, each keyed as listed, every foreign key pointing to an
 * earlier table (so none to itself). A mismatch means a migration changed the schema without
 * tables.ts following: refusing is better than a dump that leaves a table behind.
 */
export async function checkedColumns(db: Kysely<Database>, engine: Engine): Promise<Map<string, ColumnInfo[]>> {
  const live = await selectTables(db, engine);
  const known = TRANSFER_TABLES.map((t) => t.name as string);
  const problems: string[] = [];
  for (const table of live) {
    if (!known.includes(table.name)) problems.push(`table "${table.name}" is not in the transfer's table list`);
  }
  const columns = new Map<string, ColumnInfo[]>();
  for (const { name, key } of TRANSFER_TABLES) {
    const table = live.find((t) => t.name === name);
    if (!table) {
      problems.push(`table "${name}" does not exist`);
      continue;
    }
    if (table.primaryKey.join(",") !== key) problems.push(`table "${name}" is keyed by (${table.primaryKey.join(", ")}), not ${key}`);
    columns.set(name, table.columns);
  }
  for (const fk of await selectForeignKeys(db, engine)) {
    const child = known.indexOf(fk.table);
    const parent = known.indexOf(fk.references);
    if (child >= 0 && parent >= child) {
      problems.push(
        fk.table === fk.references
          ? `table "${fk.table}" references itself, which a table-by-table load cannot order`
          : `table "${fk.table}" references "${fk.references}", which the list puts after it`,
      );
    }
  }
  if (problems.length) {
    throw new TransferError(
      `The database schema does not match the transfer's table list (app/.server/transfer/tables.ts): ${problems.join("; ")}.`,
    );
  }
  return columns;
}

/** Names of the migrations applied to the database, in order. */
export async function appliedMigrations(db: Kysely<Database>, engine: Engine): Promise<string[]> {
  return (await migrationStatus(db, engine)).filter((m) => m.executedAt !== undefined).map((m) => m.name);
}

/** Refuses a dump made at another schema version, saying which version made it. */
export function assertSameMigrations(fromFile: string[], here: string[], madeBy?: string): void {
  if (fromFile.join("\n") === here.join("\n")) return;
  const last = (list: string[]) => (list.length ? `"${list[list.length - 1]}"` : "no migration");
  const missing = here.filter((m) => !fromFile.includes(m));
  const unknown = fromFile.filter((m) => !here.includes(m));
  const detail = [
    missing.length ? `not yet in the file: ${missing.join(", ")}` : "",
    unknown.length ? `unknown to this portal: ${unknown.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
  throw new TransferError(
    `This file was made by ${madeBy ? `portal ${madeBy}` : "a portal"} whose database was at migration ${last(fromFile)}; this portal's database is at ${last(here)}` +
      `${detail ? ` (${detail})` : ""}. Load it with the portal version that made it, then upgrade that installation and make a new backup.`,
  );
}
