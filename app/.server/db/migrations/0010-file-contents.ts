import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Engine } from "../client";

/**
 * What the portal reads inside stored files (issue 11, decision 0020): one `file_contents` row
 * per stored file of a document (its main file or an attachment), keyed by the file's storage key
 * (a replaced file has a new key, so it is read again), with the reading's status, reason, page
 * count and thumbnail; the text itself in `file_text_pages`, one row per page (a PostgreSQL
 * tsvector holds at most 1 MB, and a page number is what a reader needs to find the words).
 * Both are ordinary data: dumps carry them, so a restore need not read every file again.
 *
 * The words of the pages are indexed in their own search tables (`search_pages_fts` with
 * `search_page_keys` on SQLite, `search_pages` on PostgreSQL), derived like the document index:
 * left out of dumps, rebuilt from the pages. A long page (a sheet can hold megabytes) is indexed
 * in parts, so no single entry, nor the memory to build it, grows with the page.
 *
 * Every file already stored is queued for reading here (a `read-file` job each), so a portal
 * upgraded with a library finds its words once the queue has run.
 */
export async function up(schema: Kysely<unknown>, engine: Engine): Promise<void> {
  await sql`create table file_contents (
    file_key text primary key,
    document_id text not null references documents(id) on delete cascade,
    attachment_id text references document_attachments(id) on delete cascade,
    status text not null,
    reason text,
    page_count integer,
    text_unit text,
    text_chars integer not null default 0,
    text_truncated integer not null default 0,
    thumbnail_key text,
    thumbnail_width integer,
    thumbnail_height integer,
    thumbnail_size integer,
    thumbnail_sha256 text,
    processed_at text,
    created_at text not null)`.execute(schema);
  await sql`create index file_contents_document_idx on file_contents (document_id)`.execute(schema);
  await sql`create index file_contents_status_idx on file_contents (status)`.execute(schema);

  await sql`create table file_text_pages (
    id text primary key,
    file_key text not null references file_contents(file_key) on delete cascade,
    document_id text not null,
    page integer not null,
    text text not null)`.execute(schema);
  await sql`create unique index file_text_pages_file_page_idx on file_text_pages (file_key, page)`.execute(schema);

  if (engine === "postgres") {
    await sql`create table search_pages (
      page_id text not null references file_text_pages(id) on delete cascade,
      part integer not null,
      document_id text not null,
      page integer not null,
      vector tsvector not null,
      primary key (page_id, part))`.execute(schema);
    await sql`create index search_pages_vector_idx on search_pages using gin (vector)`.execute(schema);
    await sql`create index search_pages_document_idx on search_pages (document_id, page)`.execute(schema);
  } else {
    await sql`create table search_page_keys (
      rowid integer primary key,
      page_id text not null references file_text_pages(id) on delete cascade,
      part integer not null,
      document_id text not null,
      page integer not null,
      unique (page_id, part))`.execute(schema);
    await sql`create index search_page_keys_document_idx on search_page_keys (document_id, page)`.execute(schema);
    // Contentless: the text is kept once, in file_text_pages; deletions by rowid are allowed.
    await sql`create virtual table search_pages_fts using fts5(text, content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(schema);
  }

  const now = new Date().toISOString();
  const { rows: files } = await sql<{ file_key: string; document_id: string; attachment_id: string | null }>`
    select file_path as file_key, id as document_id, null as attachment_id from documents where file_path is not null
    union all
    select file_path as file_key, document_id, id as attachment_id from document_attachments`.execute(schema);
  const seen = new Set<string>();
  for (const file of files) {
    // A key named twice (an attachment pointing at its document's own file) is read once.
    if (seen.has(file.file_key)) continue;
    seen.add(file.file_key);
    await sql`insert into file_contents (file_key, document_id, attachment_id, status, created_at)
      values (${file.file_key}, ${file.document_id}, ${file.attachment_id}, 'queued', ${now})`.execute(schema);
    await sql`insert into jobs (id, kind, payload, status, run_at, attempts, created_at)
      values (${randomUUID()}, 'read-file', ${JSON.stringify({ fileKey: file.file_key })}, 'queued', ${now}, 0, ${now})`.execute(schema);
  }
}
