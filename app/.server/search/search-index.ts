import { type Kysely, sql } from "kysely";
import type { Engine } from "../db/client";
import type { Database } from "../db/types";
import { rebuildPageIndex, removePageEntries } from "./page-index";

/**
 * The search state (decisions 0015, 0018, 0039): `search_state.version` grows with every write to
 * documents that a list can show, in the transaction of the write, and `search_changes` says which
 * document each version is for. Each instance's list index (list-index.ts), which matches a
 * document's own words and filters, counts and orders the lists, catches up by re-reading those
 * documents; so an edit, unpublish or delete is never listed or found a moment later, on any
 * instance. The words inside files have their own index in the database (page-index.ts). Every
 * table here starts with `search_`: derived data, left out of dumps and rebuilt after a restore
 * (rebuildSearchIndex).
 */

/**
 * Removes the entries of a document's pages (page-index.ts) and logs its deletion. Run in the
 * transaction that deletes it, before the rows go.
 */
export async function deleteSearchEntry(db: Kysely<Database>, engine: Engine, documentId: string): Promise<void> {
  await removePageEntries(db, engine, { documentId });
  await noteDocumentChange(db, documentId);
}

/** How many versions the change log keeps; an index further behind reloads everything. */
export const CHANGES_KEPT = 10_000;

/**
 * Logs that a document was written (created, edited, its file's text read, deleted) and advances
 * the version (search_changes, decision 0018): cached matches and counts drop and every
 * instance's list index re-reads just that document. Changes older than CHANGES_KEPT versions
 * are pruned in the same write. Run in the transaction that wrote it, after the write.
 */
export async function noteDocumentChange(db: Kysely<Database>, documentId: string): Promise<void> {
  const { rows } = await sql<{
    version: number | string;
  }>`update search_state set version = version + 1 where id = 1 returning version`.execute(db);
  const version = Number(rows[0]!.version);
  await sql`insert into search_changes (version, document_id) values (${version}, ${documentId})`.execute(db);
  await sql`delete from search_changes where version <= ${version - CHANGES_KEPT}`.execute(db);
}

/**
 * The documents changed after `since`, up to `until`, one per version; null when the log cannot
 * account for every version in between (a rebuild, which logs none, or pruned rows): then
 * everything must be read again.
 */
export async function readChanges(db: Kysely<Database>, since: number, until: number): Promise<string[] | null> {
  if (until - since > CHANGES_KEPT) return null;
  const { rows } = await sql<{ version: number | string; document_id: string }>`
    select version, document_id from search_changes where version > ${since} and version <= ${until} order by version`.execute(db);
  if (rows.length !== until - since) return null;
  return rows.map((r) => r.document_id);
}

/**
 * Advances the version without logging a document: every instance's list index then reloads
 * everything (for bulk writes such as the benchmark's generated documents).
 */
export async function bumpSearchVersion(db: Kysely<Database>): Promise<void> {
  await sql`update search_state set version = version + 1 where id = 1`.execute(db);
}

export async function readSearchVersion(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ version: number | string }>`select version from search_state where id = 1`.execute(db);
  return Number(rows[0]?.version ?? 0);
}

/**
 * After a restore or an import: the entries of the words inside files are written again from
 * the restored pages, and the version advances without naming documents, so every instance's list
 * index loads everything again. Returns how many pages were indexed.
 */
export async function rebuildSearchIndex(db: Kysely<Database>, engine: Engine): Promise<number> {
  const pages = await rebuildPageIndex(db, engine);
  await bumpSearchVersion(db);
  return pages;
}
