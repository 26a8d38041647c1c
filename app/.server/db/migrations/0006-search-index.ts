import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { facetKey } from "~/lib/document-facets";
import type { Engine } from "../client";

/**
 * The ranked full-text index and the indexes faceted, paged lists need (decision 0015).
 *
 * - The substring search column (`documents.search_text`, decision 0003) and PostgreSQL's trigram
 *   index over it go: the word index below replaces them.
 * - Tags become facet rows like partner, sectors and locations (0004), so the tag facet counts and
 *   filters through the same (facet, value_key, document_id) index; keyed by the app's `facetKey`,
 *   the key the filters look values up by.
 * - Sorting by title and by downloads gets an index each, so any page of a sorted list is read in
 *   index order instead of sorting every published document; the category, type and year counts
 *   get a covering index.
 * - The search tables (all named `search_*`, derived data that dumps leave out) are created here
 *   and were filled by the last migration to change their shape, with the app's
 *   `rebuildSearchIndex` (this migration until 0008 added columns, 0008 until 0012 did); 0014
 *   dropped the documents' entries (decision 0039), which nothing fills any more.
 */
interface Tables {
  documents: { id: string; tags: string };
  document_facets: { id: string; document_id: string; facet: string; value: string; value_key: string };
}

export async function up(schema: Kysely<unknown>, engine: Engine): Promise<void> {
  const db = schema as Kysely<Tables>;
  if (engine === "postgres") await sql`drop index if exists documents_search_trgm_idx`.execute(db);
  await db.schema.alterTable("documents").dropColumn("search_text").execute();

  await db.schema
    .createIndex("document_facets_facet_document_idx")
    .on("document_facets")
    .columns(["facet", "value_key", "document_id"])
    .execute();
  const documents = await db.selectFrom("documents").select(["id", "tags"]).execute();
  for (const doc of documents) {
    const seen = new Set<string>();
    const rows = tagsOf(doc.tags)
      .filter((tag) => !seen.has(facetKey(tag)) && seen.add(facetKey(tag)))
      .map((value) => ({ id: randomUUID(), document_id: doc.id, facet: "tag", value, value_key: facetKey(value) }));
    if (rows.length > 0) await db.insertInto("document_facets").values(rows).execute();
  }

  await sql`create index documents_published_title_idx on documents (published, lower(title), id)`.execute(db);
  await db.schema.createIndex("documents_published_downloads_idx").on("documents").columns(["published", "download_count"]).execute();
  // The category, file type and year counts read only this index (34 ms instead of 250 ms for
  // every published document of 100,000 on SQLite, which otherwise reads each whole row).
  await db.schema
    .createIndex("documents_published_counts_idx")
    .on("documents")
    .columns(["published", "category", "file_ext", "created_at"])
    .execute();

  await sql`create table search_state (id integer primary key, version bigint not null)`.execute(db);
  await sql`insert into search_state (id, version) values (1, 0)`.execute(db);
  if (engine === "postgres") {
    await sql`create table search_vectors (
      document_id text primary key references documents(id) on delete cascade,
      vector tsvector not null)`.execute(db);
    await sql`create index search_vectors_vector_idx on search_vectors using gin (vector)`.execute(db);
  } else {
    await sql`create table search_keys (rowid integer primary key, document_id text not null unique references documents(id) on delete cascade)`.execute(
      db,
    );
    await sql`create virtual table search_fts using fts5(title, description, keywords, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`.execute(
      db,
    );
  }
}

function tagsOf(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "").map((v) => v.trim()) : [];
  } catch {
    return [];
  }
}
