import { type Kysely, sql } from "kysely";
import type { Engine } from "../db/client";
import type { Database } from "../db/types";
import type { ColumnInfo } from "./dump-format";
import { isDerivedTable, MIGRATION_TABLES } from "./tables";

/**
 * The transfer module's only database access. Tables are named at run time (the dump walks all of
 * them), so these queries go through an untyped view of the database; the table list they get is
 * checked against the schema first (schema.ts).
 */
type AnyRow = Record<string, unknown>;
type Untyped = Kysely<Record<string, AnyRow>>;
const untyped = (db: Kysely<Database>) => db as unknown as Untyped;

export interface LiveTable {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
}

export interface ForeignKey {
  table: string;
  references: string;
}

/** Every table of the current schema (Kysely's migration tables and derived tables left out), with columns in order. */
export async function selectTables(db: Kysely<Database>, engine: Engine): Promise<LiveTable[]> {
  const tables = engine === "sqlite" ? await sqliteTables(db) : await postgresTables(db);
  return tables.filter((t) => !(MIGRATION_TABLES as readonly string[]).includes(t.name) && !isDerivedTable(t.name));
}

async function sqliteTables(db: Kysely<Database>): Promise<LiveTable[]> {
  const { rows: names } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  const out: LiveTable[] = [];
  for (const { name } of names) {
    const { rows } = await sql<{ name: string; type: string; pk: number }>`
      select name, type, pk from pragma_table_info(${name}) order by cid`.execute(db);
    out.push({
      name,
      columns: rows.map((c) => ({ name: c.name, type: c.type })),
      primaryKey: rows
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
    });
  }
  return out;
}

async function postgresTables(db: Kysely<Database>): Promise<LiveTable[]> {
  const { rows: columns } = await sql<{ table: string; column: string; type: string }>`
    select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type"
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relkind in ('r', 'p') and c.relnamespace = current_schema()::regnamespace and a.attnum > 0 and not a.attisdropped
    order by c.relname, a.attnum`.execute(db);
  const { rows: keys } = await sql<{ table: string; column: string }>`
    select c.relname as "table", a.attname as "column"
    from pg_index i join pg_class c on c.oid = i.indrelid
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indisprimary and c.relnamespace = current_schema()::regnamespace
    order by c.relname, array_position(i.indkey::int2[], a.attnum)`.execute(db);
  const byName = new Map<string, LiveTable>();
  for (const { table, column, type } of columns) {
    const entry = byName.get(table) ?? { name: table, columns: [], primaryKey: [] };
    entry.columns.push({ name: column, type });
    byName.set(table, entry);
  }
  for (const { table, column } of keys) byName.get(table)?.primaryKey.push(column);
  return [...byName.values()];
}

/** Every foreign key of the current schema (derived tables' left out), as child table -> parent table. */
export async function selectForeignKeys(db: Kysely<Database>, engine: Engine): Promise<ForeignKey[]> {
  if (engine === "sqlite") {
    const { rows } = await sql<ForeignKey>`
      select m.name as "table", f."table" as "references"
      from sqlite_master m join pragma_foreign_key_list(m.name) f
      where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db);
    return rows.filter((fk) => !isDerivedTable(fk.table));
  }
  const { rows } = await sql<ForeignKey>`
    select child.relname as "table", parent.relname as "references"
    from pg_constraint k join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
    where k.contype = 'f' and k.connamespace = current_schema()::regnamespace`.execute(db);
  return rows.filter((fk) => !isDerivedTable(fk.table));
}

/**
 * One table's rows in primary-key order, `pageSize` at a time. Both engines order by the key's
 * bytes (SQLite's default; PostgreSQL's "C" collation) so the two write rows in the same order.
 * PostgreSQL reads through a cursor (one sort, then page after page, inside the caller's
 * transaction); SQLite pages by key, which its primary-key index answers directly.
 */
export async function* selectRowPages(
  db: Kysely<Database>,
  engine: Engine,
  table: string,
  key: string,
  pageSize: number,
): AsyncGenerator<AnyRow[]> {
  if (engine === "postgres") {
    const cursor = sql.id(`transfer_${table}`);
    await sql`declare ${cursor} no scroll cursor for select * from ${sql.table(table)} order by ${sql.ref(key)} collate "C"`.execute(db);
    try {
      for (;;) {
        const { rows } = await sql<AnyRow>`fetch forward ${sql.raw(String(pageSize))} from ${cursor}`.execute(db);
        if (rows.length === 0) return;
        yield rows;
      }
    } finally {
      await sql`close ${cursor}`.execute(db);
    }
  }
  let after: unknown = null;
  for (;;) {
    let query = untyped(db).selectFrom(table).selectAll().orderBy(key).limit(pageSize);
    if (after !== null) query = query.where(key, ">", after);
    const rows = await query.execute();
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.[key] ?? null;
  }
}

export async function deleteAllRows(db: Kysely<Database>, table: string): Promise<void> {
  await untyped(db).deleteFrom(table).execute();
}

export async function insertRows(db: Kysely<Database>, table: string, rows: AnyRow[]): Promise<void> {
  if (rows.length) await untyped(db).insertInto(table).values(rows).execute();
}

export async function countRows(db: Kysely<Database>, table: string): Promise<number> {
  const row = await untyped(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the installation holds any account or document: the mark of one in use. */
export async function hasUsersOrDocuments(db: Kysely<Database>): Promise<boolean> {
  const user = await db.selectFrom("users").select("id").limit(1).executeTakeFirst();
  const document = await db.selectFrom("documents").select("id").limit(1).executeTakeFirst();
  return Boolean(user ?? document);
}
