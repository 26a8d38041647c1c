import { type Kysely, sql } from "kysely";
import type { Engine } from "../client";

/**
 * documents.language: the language a document is written in, 'en', 'so' or 'other' (issue 14,
 * item 4; lib/document-language.ts). Existing documents are English, the default, as are rows
 * written by code that does not name one.
 *
 * Lists filter and count by it. The search entries (`search_keys` on SQLite, `search_vectors` on
 * PostgreSQL) got a copy, like the category (decision 0017), and were filled again here by the
 * app's rebuild, until 0014 retired the entries (decision 0039): nothing reads them since.
 */
export async function up(schema: Kysely<unknown>, engine: Engine): Promise<void> {
  await schema.schema
    .alterTable("documents")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en").check(sql`language in ('en', 'so', 'other')`))
    .execute();
  const table = engine === "postgres" ? sql.raw("search_vectors") : sql.raw("search_keys");
  await sql`alter table ${table} add column language text not null default 'en'`.execute(schema);
}
