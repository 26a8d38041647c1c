import { type Kysely, sql } from "kysely";
import type { Engine } from "../db/client";
import type { Database, DocumentRow } from "../db/types";
import { parseList } from "../documents/public-shapes";
import { indexText } from "./normalise";
import { removePageEntries } from "./page-index";

/**
 * The full-text index of documents (decision 0015): one entry per document, written by the
 * documents service in the same transaction as the document itself, so an edit, unpublish or
 * delete is never searchable a moment later. Its text is folded by `indexText` on both engines,
 * so both see the same tokens.
 *
 * - SQLite: `search_fts`, an FTS5 table (title, description, keywords; unicode61 with diacritics
 *   removed and prefix indexes for the typed-ahead last word), whose rowid is the entry's key in
 *   `search_keys` (documents have text ids; FTS5 rows need integer ones).
 * - PostgreSQL: `search_vectors`, one weighted `tsvector` per document in the language-neutral
 *   `simple` configuration (A title, B description, C keywords), with a GIN index.
 *
 * Beside the words, `search_keys` and `search_vectors` hold what lists filter and order matches
 * by (published, category, language, lower-case file extension, created_at), copied from the document: a
 * search filters its matches there without reading each matched document (decision 0017).
 *
 * `search_state.version` grows with every write to documents that a list can show, and
 * `search_changes` says which document each version is for: each instance's list index
 * (list-index.ts) catches up by re-reading those documents. Every table here starts with `search_`:
 * it is derived data, left out of dumps and rebuilt after a restore (rebuildSearchIndex).
 */

/** What the index reads of a document: its words, and what lists filter and order matches by. */
export interface SearchSource {
  id: string;
  title: string;
  description: string | null;
  tags: readonly string[];
  partner: string | null;
  sectors: readonly string[];
  locations: readonly string[];
  published: number;
  category: string;
  language: string;
  file_ext: string | null;
  created_at: string;
}

/** The three weighted parts of an entry, folded. */
export function entryText(doc: SearchSource): { title: string; description: string; keywords: string } {
  return {
    title: indexText(doc.title),
    description: indexText(doc.description ?? ""),
    keywords: indexText([...doc.tags, doc.partner ?? "", ...doc.sectors, ...doc.locations].join(" ")),
  };
}

/** The columns of `documents` an entry is made from. */
const SOURCE_COLUMNS = [
  "id",
  "title",
  "description",
  "tags",
  "partner",
  "sectors",
  "locations",
  "published",
  "category",
  "language",
  "file_ext",
  "created_at",
] as const;

function toSource(row: Pick<DocumentRow, (typeof SOURCE_COLUMNS)[number]>): SearchSource {
  return { ...row, tags: parseList(row.tags), sectors: parseList(row.sectors), locations: parseList(row.locations) };
}

/**
 * Writes (or rewrites) a document's entry from its row as it now is, and advances the version.
 * Run in the transaction that wrote the document, after the write.
 */
export async function writeSearchEntry(db: Kysely<Database>, engine: Engine, documentId: string): Promise<void> {
  const row = await db.selectFrom("documents").select(SOURCE_COLUMNS).where("id", "=", documentId).executeTakeFirst();
  if (row) await writeEntries(db, engine, [toSource(row)]);
  await recordChange(db, documentId);
}

/**
 * Removes a document's entry and its pages' entries (page-index.ts) and advances the version.
 * Run in the transaction that deletes it, before the rows go.
 */
export async function deleteSearchEntry(db: Kysely<Database>, engine: Engine, documentId: string): Promise<void> {
  await removeEntries(db, engine, [documentId]);
  await removePageEntries(db, engine, { documentId });
  await recordChange(db, documentId);
}

/**
 * Advances the version for a change the document index does not hold (the text read from one of
 * its files): cached matches drop and every list index re-reads the document.
 */
export async function noteDocumentChange(db: Kysely<Database>, documentId: string): Promise<void> {
  await recordChange(db, documentId);
}

/** How many versions the change log keeps; an index further behind reloads everything. */
export const CHANGES_KEPT = 10_000;

/**
 * Advances the version and logs which document it is for (search_changes, decision 0018), so
 * every instance's list index re-reads just that document; changes older than CHANGES_KEPT
 * versions are pruned in the same write.
 */
async function recordChange(db: Kysely<Database>, documentId: string): Promise<void> {
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

async function removeEntries(db: Kysely<Database>, engine: Engine, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(ids.map((id) => sql`${id}`));
  if (engine === "postgres") {
    await sql`delete from search_vectors where document_id in (${list})`.execute(db);
    return;
  }
  await sql`delete from search_fts where rowid in (select rowid from search_keys where document_id in (${list}))`.execute(db);
  await sql`delete from search_keys where document_id in (${list})`.execute(db);
}

/** The file type key lists filter by: the extension in lower case. */
function fileExt(doc: SearchSource): string | null {
  return doc.file_ext === null ? null : doc.file_ext.toLowerCase();
}

/** Writes many entries at once (replacing any there), without advancing the version. */
async function writeEntries(db: Kysely<Database>, engine: Engine, docs: readonly SearchSource[]): Promise<void> {
  if (docs.length === 0) return;
  if (engine === "postgres") {
    const values = sql.join(
      docs.map((doc) => {
        const t = entryText(doc);
        return sql`(${doc.id}, setweight(to_tsvector('simple', ${t.title}), 'A') || setweight(to_tsvector('simple', ${t.description}), 'B') || setweight(to_tsvector('simple', ${t.keywords}), 'C'),
          ${doc.published}, ${doc.category}, ${doc.language}, ${fileExt(doc)}, ${doc.created_at})`;
      }),
    );
    await sql`insert into search_vectors (document_id, vector, published, category, language, file_ext, created_at) values ${values}
      on conflict (document_id) do update set vector = excluded.vector, published = excluded.published,
        category = excluded.category, language = excluded.language, file_ext = excluded.file_ext, created_at = excluded.created_at`.execute(
      db,
    );
    return;
  }
  await removeEntries(
    db,
    engine,
    docs.map((d) => d.id),
  );
  for (const doc of docs) {
    const { rows } = await sql<{ rowid: number }>`insert into search_keys (document_id, published, category, language, file_ext, created_at)
      values (${doc.id}, ${doc.published}, ${doc.category}, ${doc.language}, ${fileExt(doc)}, ${doc.created_at}) returning rowid`.execute(
      db,
    );
    const t = entryText(doc);
    await sql`insert into search_fts (rowid, title, description, keywords) values (${rows[0]!.rowid}, ${t.title}, ${t.description}, ${t.keywords})`.execute(
      db,
    );
  }
}

/** How many documents a rebuild reads and writes at a time. */
const REBUILD_BATCH = 500;

/**
 * Rebuilds the whole index from the documents table: after a restore or import (with the page
 * index, page-index.ts), and for the benchmark's bulk-loaded documents. Pages by id, so memory
 * stays flat at any size. Returns how many entries were written. Migration 0012 runs it too (0008
 * once did, before the entries carried the language), on the schema of its day: it touches only
 * the document index.
 */
export async function rebuildSearchIndex(db: Kysely<Database>, engine: Engine): Promise<number> {
  await (engine === "postgres" ? sql`delete from search_vectors` : sql`delete from search_fts`).execute(db);
  if (engine === "sqlite") await sql`delete from search_keys`.execute(db);
  let after: string | null = null;
  let written = 0;
  for (;;) {
    let query = db.selectFrom("documents").select(SOURCE_COLUMNS).orderBy("id").limit(REBUILD_BATCH);
    if (after !== null) query = query.where("id", ">", after);
    const rows = await query.execute();
    if (rows.length === 0) break;
    const docs = rows.map(toSource);
    // One transaction a batch; inside a caller's (a migration's) its own.
    if (db.isTransaction) await writeEntries(db, engine, docs);
    else await db.transaction().execute((trx) => writeEntries(trx, engine, docs));
    written += rows.length;
    after = rows[rows.length - 1]!.id;
  }
  await bumpSearchVersion(db);
  return written;
}
