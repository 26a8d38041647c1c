import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, DocumentAttachmentsTable, DocumentRow, NewDocument } from "../db/types";

export type DocumentAttachmentRow = Selectable<DocumentAttachmentsTable>;

export function selectDocumentById(db: Kysely<Database>, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertDocument(db: Kysely<Database>, row: NewDocument): Promise<void> {
  await db.insertInto("documents").values(row).execute();
}

/** Adds one download in a single statement; returns the document's title, or null if there is none. */
export async function incrementDownloadCount(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db
    .updateTable("documents")
    .set((eb) => ({ download_count: eb("download_count", "+", 1) }))
    .where("id", "=", id)
    .returning("title")
    .executeTakeFirst();
  return row?.title ?? null;
}

export async function countDocuments(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The published documents of a folder, by title (case-insensitively, so both engines agree), id breaking ties. */
/** How many published documents a folder holds (the shared folder page's count). */
export async function countPublishedInFolder(db: Kysely<Database>, folderId: string): Promise<number> {
  const row = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("folder_id", "=", folderId)
    .where("published", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of a folder's published documents by title, in the (folder_id, published, lower(title), id) index's order. */
export function selectPublishedInFolder(db: Kysely<Database>, folderId: string, limit: number, offset: number): Promise<DocumentRow[]> {
  return db
    .selectFrom("documents")
    .selectAll()
    .where("folder_id", "=", folderId)
    .where("published", "=", 1)
    .orderBy(sql`lower(title)`)
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A published document by its id, or (when `byToken`) also by its share token. */
export function selectPublishedDocument(db: Kysely<Database>, key: string, byToken: boolean): Promise<DocumentRow | undefined> {
  return db
    .selectFrom("documents")
    .selectAll()
    .where("published", "=", 1)
    .where((eb) => (byToken ? eb.or([eb("id", "=", key), eb("share_token", "=", key)]) : eb("id", "=", key)))
    .executeTakeFirst();
}

export function selectAttachments(db: Kysely<Database>, documentId: string): Promise<DocumentAttachmentRow[]> {
  return db
    .selectFrom("document_attachments")
    .selectAll()
    .where("document_id", "=", documentId)
    .orderBy("display_order", "asc")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
}

export function selectAttachmentById(db: Kysely<Database>, id: string): Promise<DocumentAttachmentRow | undefined> {
  return db.selectFrom("document_attachments").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Adds one view in a single statement (no read-modify-write race) and returns the new count. */
export async function incrementViewCount(db: Kysely<Database>, id: string): Promise<number | null> {
  const row = await db
    .updateTable("documents")
    .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
    .where("id", "=", id)
    .returning("view_count")
    .executeTakeFirst();
  return row ? Number(row.view_count) : null;
}

// Editing and deleting (admin document management) ------------------------------------------------

/** The fields the edit dialog changes, and the time. */
export interface DocumentEdit {
  title: string;
  description: string | null;
  category: string;
  tags: string;
  published: number;
  partner: string | null;
  sectors: string;
  locations: string;
  updated_at: string;
}

/** Returns the row as it was before the change (the caller decides which events to send), or undefined. */
export async function updateDocumentRow(db: Kysely<Database>, id: string, edit: DocumentEdit): Promise<DocumentRow | undefined> {
  const before = await db.selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();
  if (!before) return undefined;
  await db.updateTable("documents").set(edit).where("id", "=", id).execute();
  return before;
}

/**
 * Deletes a document and its attachment rows; returns what was deleted, so its files can be
 * removed once the transaction has committed. Run inside a transaction.
 */
export async function deleteDocumentRows(
  db: Kysely<Database>,
  id: string,
): Promise<{ document: DocumentRow; attachments: DocumentAttachmentRow[] } | undefined> {
  const document = await db.selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();
  if (!document) return undefined;
  const attachments = await db.selectFrom("document_attachments").selectAll().where("document_id", "=", id).execute();
  await db.deleteFrom("document_attachments").where("document_id", "=", id).execute();
  await db.deleteFrom("documents").where("id", "=", id).execute();
  return { document, attachments };
}

// Stored files gone missing (stored-files.ts) ------------------------------------------------------

/** Marks documents whose stored file was found gone; a mark already there keeps its first time. */
export async function setFileMissing(db: Kysely<Database>, ids: string[], at: string): Promise<void> {
  if (!ids.length) return;
  await db.updateTable("documents").set({ file_missing_at: at }).where("id", "in", ids).where("file_missing_at", "is", null).execute();
}

/** Unmarks documents whose stored file was found there again. */
export async function clearFileMissing(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable("documents")
    .set({ file_missing_at: null })
    .where("id", "in", ids)
    .where("file_missing_at", "is not", null)
    .execute();
}
