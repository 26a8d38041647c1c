import type { Kysely } from "kysely";
import type { Database } from "../db/types";
import type { DocumentAttachmentRow } from "./documents.queries";

/** Adds an attachment after the document's others (display_order one past the largest). Run in a transaction. */
export async function insertAttachmentRow(
  db: Kysely<Database>,
  row: Omit<DocumentAttachmentRow, "display_order">,
): Promise<DocumentAttachmentRow> {
  const last = await db
    .selectFrom("document_attachments")
    .select((eb) => eb.fn.max("display_order").as("n"))
    .where("document_id", "=", row.document_id)
    .executeTakeFirst();
  const inserted: DocumentAttachmentRow = { ...row, display_order: last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1 };
  await db.insertInto("document_attachments").values(inserted).execute();
  return inserted;
}

/** Sets the label of a document's attachment; returns the changed row, or undefined if there is none. */
export function updateAttachmentLabel(
  db: Kysely<Database>,
  documentId: string,
  id: string,
  label: string,
): Promise<DocumentAttachmentRow | undefined> {
  return db
    .updateTable("document_attachments")
    .set({ label })
    .where("id", "=", id)
    .where("document_id", "=", documentId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a document's attachment row; returns it, or undefined if there was none. */
export function deleteAttachmentRow(db: Kysely<Database>, documentId: string, id: string): Promise<DocumentAttachmentRow | undefined> {
  return db.deleteFrom("document_attachments").where("id", "=", id).where("document_id", "=", documentId).returningAll().executeTakeFirst();
}

/**
 * Whether the document (its own file, or another of its attachments) still names this storage key.
 * The app gives every upload a fresh key; only imported data may share one, and then within one
 * document, so the check reads that document's rows (by index) rather than every attachment.
 */
export async function documentStillUsesFile(db: Kysely<Database>, documentId: string, key: string): Promise<boolean> {
  const attachment = await db
    .selectFrom("document_attachments")
    .select("id")
    .where("document_id", "=", documentId)
    .where("file_path", "=", key)
    .executeTakeFirst();
  if (attachment) return true;
  const document = await db
    .selectFrom("documents")
    .select("id")
    .where("id", "=", documentId)
    .where("file_path", "=", key)
    .executeTakeFirst();
  return !!document;
}
