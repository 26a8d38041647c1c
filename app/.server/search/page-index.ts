import { type Kysely, sql } from "kysely";
import type { Engine } from "../db/client";
import { isOneOf } from "../db/id-list";
import type { Database, TextUnit } from "../db/types";
import { indexText } from "./normalise";

/**
 * The full-text index of the text read inside stored files (issue 11, decision 0020): one entry
 * per page of `file_text_pages`, in the folding of the documents' own words (`tokenise`, which
 * `indexText` joins), so both engines and the list index see the same tokens.
 *
 * - SQLite: `search_pages_fts`, a contentless FTS5 table (the text is kept once, in
 *   file_text_pages), whose rowid is the entry's key in `search_page_keys`.
 * - PostgreSQL: `search_pages`, one `tsvector` per page with a GIN index.
 *
 * A search finds a document when its title, description or keywords match (the list index's
 * words, decision 0039) or one page of one of its files matches on its own: the words of a query are looked for
 * together on one page, which is where a reader will find them. Matches inside files rank below
 * every match in the document's own words (the issue: a lower weight than title and
 * description), best page first. Publication, facets and order are applied by the list index to
 * the document ids found here, like any match (decision 0018).
 */

export interface PageEntry {
  id: string;
  document_id: string;
  page: number;
  text: string;
}

/**
 * Writes entries for pages just stored. Run in the transaction that wrote the pages; the caller
 * advances the search version (search-index.ts `noteDocumentChange`), so cached matches drop.
 */
export async function writePageEntries(db: Kysely<Database>, engine: Engine, pages: readonly PageEntry[]): Promise<void> {
  for (const page of pages) {
    for (const [part, chunk] of textParts(page.text).entries()) {
      const text = indexText(chunk);
      if (engine === "postgres") {
        await sql`insert into search_pages (page_id, part, document_id, page, vector)
          values (${page.id}, ${part}, ${page.document_id}, ${page.page}, to_tsvector('simple', ${text}))`.execute(db);
        continue;
      }
      const { rows } = await sql<{ rowid: number }>`insert into search_page_keys (page_id, part, document_id, page)
        values (${page.id}, ${part}, ${page.document_id}, ${page.page}) returning rowid`.execute(db);
      await sql`insert into search_pages_fts (rowid, text) values (${rows[0]!.rowid}, ${text})`.execute(db);
    }
  }
}

/** The most characters one index entry holds; a longer page is indexed in several. */
export const INDEX_PART_CHARS = 32_768;

/**
 * A page's text in parts of at most INDEX_PART_CHARS, cut at a space where one is near: a sheet
 * of megabytes is folded and indexed a part at a time (the server's memory stays flat while
 * reading it), and a phrase is only lost where it spans a cut.
 */
export function textParts(text: string): string[] {
  const parts: string[] = [];
  let at = 0;
  while (text.length - at > INDEX_PART_CHARS) {
    const end = at + INDEX_PART_CHARS;
    let cut = Math.max(text.lastIndexOf(" ", end), text.lastIndexOf("\n", end));
    if (cut <= at + INDEX_PART_CHARS / 2) cut = end;
    parts.push(text.slice(at, cut));
    at = cut;
  }
  parts.push(text.slice(at));
  return parts;
}

/**
 * Removes the entries of some pages, before the pages themselves go: of one stored file, or of
 * every file of a document. PostgreSQL's entries would also go with their pages (foreign key);
 * SQLite's FTS5 rows have no foreign key, so they are removed by rowid here.
 */
export async function removePageEntries(
  db: Kysely<Database>,
  engine: Engine,
  of: { fileKey: string } | { documentId: string },
): Promise<void> {
  const pages =
    "fileKey" in of
      ? sql`select id from file_text_pages where file_key = ${of.fileKey}`
      : sql`select id from file_text_pages where document_id = ${of.documentId}`;
  if (engine === "postgres") {
    await sql`delete from search_pages where page_id in (${pages})`.execute(db);
    return;
  }
  await sql`delete from search_pages_fts where rowid in (select rowid from search_page_keys where page_id in (${pages}))`.execute(db);
  await sql`delete from search_page_keys where page_id in (${pages})`.execute(db);
}

/** How many pages a rebuild reads and writes at a time (pages hold up to 5 MB of text in all). */
const REBUILD_BATCH = 200;

/** Rebuilds the page index from file_text_pages (after a restore or import), a batch at a time. */
export async function rebuildPageIndex(db: Kysely<Database>, engine: Engine): Promise<number> {
  if (engine === "postgres") await sql`delete from search_pages`.execute(db);
  else {
    await sql`delete from search_pages_fts`.execute(db);
    await sql`delete from search_page_keys`.execute(db);
  }
  let after: string | null = null;
  let written = 0;
  for (;;) {
    let query = db.selectFrom("file_text_pages").select(["id", "document_id", "page", "text"]).orderBy("id").limit(REBUILD_BATCH);
    if (after !== null) query = query.where("id", ">", after);
    const pages = await query.execute();
    if (pages.length === 0) break;
    if (db.isTransaction) await writePageEntries(db, engine, pages);
    else await db.transaction().execute((trx) => writePageEntries(trx, engine, pages));
    written += pages.length;
    after = pages[pages.length - 1]!.id;
  }
  return written;
}

/**
 * The documents with a page matching the rendered query, best page first (each document once,
 * at its best page): bm25 on SQLite, ts_rank on PostgreSQL. Among
 * `candidates` only, when given (a search whose facets leave few documents).
 */
export async function selectPageMatchIds(
  db: Kysely<Database>,
  engine: Engine,
  match: string,
  candidates: readonly string[] | null = null,
): Promise<string[]> {
  if (candidates !== null && candidates.length === 0) return [];
  const { rows } =
    engine === "postgres"
      ? await sql<{ id: string }>`select document_id as id from search_pages
          where vector @@ to_tsquery('simple', ${match})
            ${candidates === null ? sql`` : sql`and ${isOneOf(engine, sql.ref("document_id"), candidates)}`}
          group by document_id
          order by max(ts_rank(vector, to_tsquery('simple', ${match}), 1)) desc, document_id`.execute(db)
      : // bm25 cannot run inside an aggregate: each page's rank is taken first (materialized).
        await sql<{ id: string }>`with ranked as materialized (
            select k.document_id as id, bm25(search_pages_fts) as rank from search_pages_fts f cross join search_page_keys k on k.rowid = f.rowid
            where f.search_pages_fts match ${match}
              ${candidates === null ? sql`` : sql`and ${isOneOf(engine, sql.ref("k.document_id"), candidates)}`})
          select id from ranked group by id order by min(rank), id`.execute(db);
  return rows.map((r) => r.id);
}

/** Where a document's words were found in its files: the page, what a page is in that file, its text. */
export interface MatchingPage {
  page: number;
  unit: TextUnit | null;
  text: string;
}

/** The first page of each given document that matches the rendered query, with its text: for snippets. */
export async function selectMatchingPages(
  db: Kysely<Database>,
  engine: Engine,
  match: string,
  documentIds: readonly string[],
): Promise<Map<string, MatchingPage>> {
  const found = new Map<string, MatchingPage>();
  if (documentIds.length === 0) return found;
  const ids = sql.join(documentIds.map((id) => sql`${id}`));
  const { rows } =
    engine === "postgres"
      ? await sql<{ document_id: string; page: number; page_id: string }>`select document_id, page, page_id from search_pages
          where document_id in (${ids}) and vector @@ to_tsquery('simple', ${match})`.execute(db)
      : // The documents' page rowids are looked up first; each match is then tested by its own rowid
        // (`+`: testing one rowid at a time would make FTS5 run the match once per page).
        await sql<{ document_id: string; page: number; page_id: string }>`select k.document_id, k.page, k.page_id
          from search_pages_fts f cross join search_page_keys k on k.rowid = f.rowid
          where f.search_pages_fts match ${match}
            and +f.rowid in (select rowid from search_page_keys where document_id in (${ids}))`.execute(db);
  const first = new Map<string, { page: number; page_id: string }>();
  for (const row of rows) {
    const seen = first.get(row.document_id);
    if (!seen || row.page < seen.page) first.set(row.document_id, { page: row.page, page_id: row.page_id });
  }
  if (first.size === 0) return found;
  const texts = await db
    .selectFrom("file_text_pages as p")
    .innerJoin("file_contents as c", "c.file_key", "p.file_key")
    .select(["p.id", "p.text", "c.text_unit"])
    .where(
      "p.id",
      "in",
      [...first.values()].map((p) => p.page_id),
    )
    .execute();
  const textOf = new Map(texts.map((t) => [t.id, t]));
  for (const [documentId, { page, page_id }] of first) {
    const row = textOf.get(page_id);
    if (row !== undefined) found.set(documentId, { page, unit: row.text_unit, text: row.text });
  }
  return found;
}
