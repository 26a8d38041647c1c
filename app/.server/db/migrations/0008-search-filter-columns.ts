import { type Kysely, sql } from "kysely";
import { rebuildSearchIndex } from "../../search/search-index";
import type { Engine } from "../client";
import type { Database } from "../types";

/**
 * A search filters its matches without reading each matched document (decision 0017): the
 * search entry (`search_keys` on SQLite, `search_vectors` on PostgreSQL) gets the document's
 * published flag, category, lower-case file extension and creation time, which lists filter,
 * count and order by. At 100,000 documents a two-word search matched 41,000 of them, and looking
 * each up by its text id cost five times the match itself.
 *
 * The entries are then rebuilt from the documents with the app's `rebuildSearchIndex` (the index
 * is derived, and must be built the way the running code searches it); the last migration that
 * changes the search tables' shape is the one that fills them.
 */
export async function up(schema: Kysely<unknown>, engine: Engine): Promise<void> {
  const table = engine === "postgres" ? sql.raw("search_vectors") : sql.raw("search_keys");
  await sql`alter table ${table} add column published integer not null default 0`.execute(schema);
  await sql`alter table ${table} add column category text not null default ''`.execute(schema);
  await sql`alter table ${table} add column file_ext text`.execute(schema);
  await sql`alter table ${table} add column created_at text not null default ''`.execute(schema);
  await rebuildSearchIndex(schema as Kysely<Database>, engine);
}
