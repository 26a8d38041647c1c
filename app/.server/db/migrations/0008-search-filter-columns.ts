import { type Kysely, sql } from "kysely";
import type { Engine } from "../client";

/**
 * A search filters its matches without reading each matched document (decision 0017): the
 * search entry (`search_keys` on SQLite, `search_vectors` on PostgreSQL) gets the document's
 * published flag, category, lower-case file extension and creation time, which lists filter,
 * count and order by. At 100,000 documents a two-word search matched 41,000 of them, and looking
 * each up by its text id cost five times the match itself.
 *
 * The entries are derived and must be built the way the running code searches them, so the last
 * migration that changes the search tables' shape fills them with the app's `rebuildSearchIndex`:
 * this one did until 0012 gave the entries the document's language (the running code reads that
 * column, which does not exist yet here), and 0012 did until 0014 dropped the entries (decision
 * 0039); the end state is the same.
 */
export async function up(schema: Kysely<unknown>, engine: Engine): Promise<void> {
  const table = engine === "postgres" ? sql.raw("search_vectors") : sql.raw("search_keys");
  await sql`alter table ${table} add column published integer not null default 0`.execute(schema);
  await sql`alter table ${table} add column category text not null default ''`.execute(schema);
  await sql`alter table ${table} add column file_ext text`.execute(schema);
  await sql`alter table ${table} add column created_at text not null default ''`.execute(schema);
}
