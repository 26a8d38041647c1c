import { type Kysely, sql } from "kysely";
import type { Engine } from "../client";

/**
 * The documents' full-text entries retire (decision 0039): each instance's list index matches and
 * ranks a document's own words in memory. `search_fts` and `search_keys` (SQLite) and
 * `search_vectors` (PostgreSQL) are dropped with their indexes. What stays: `search_state` and
 * `search_changes`, which keep every instance's list index current, and the entries of the words
 * inside files (`search_pages*`, decision 0020).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === "postgres") {
    await sql`drop table if exists search_vectors`.execute(db);
    return;
  }
  await sql`drop table if exists search_fts`.execute(db);
  await sql`drop table if exists search_keys`.execute(db);
}
