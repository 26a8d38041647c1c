import { type Kysely, sql } from "kysely";
import type { Database } from "../db/types";

/**
 * SQLite's VACUUM INTO writes a consistent, compacted copy of the database to a new file inside
 * one read transaction: writers carry on (WAL), and the copy never holds a half-written page.
 */
export async function vacuumInto(db: Kysely<Database>, file: string): Promise<void> {
  await sql`vacuum into ${file}`.execute(db);
}
