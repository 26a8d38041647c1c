import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import {
  type DocumentAttachmentRow,
  selectAttachmentById,
  selectAttachments,
  selectDocumentById,
  selectPublishedDocument,
} from "./documents.queries";

/**
 * Finding one document or attachment, and who may have it: unpublished documents are only for
 * signed-in staff; to everyone else they do not exist (public-portal sections 2 and 7).
 */

export function findDocument(ctx: AppContext, id: string): Promise<DocumentRow | undefined> {
  return selectDocumentById(ctx.db.kysely, id);
}

/** The document a download request may have, or null. */
export async function findDownloadable(ctx: AppContext, id: string, viewer: { staff: boolean }): Promise<DocumentRow | null> {
  const doc = await selectDocumentById(ctx.db.kysely, id);
  if (!doc) return null;
  if (!doc.published && !viewer.staff) return null;
  return doc;
}

/** A published document by id; unpublished and unknown ids are both null. */
export async function findPublishedDocument(ctx: AppContext, id: string): Promise<DocumentRow | null> {
  return (await selectPublishedDocument(ctx.db.kysely, id, false)) ?? null;
}

/** /shared/document/{id-or-token}: a published document by id or by its share token. */
export async function findSharedDocument(ctx: AppContext, idOrToken: string): Promise<DocumentRow | null> {
  return (await selectPublishedDocument(ctx.db.kysely, idOrToken, true)) ?? null;
}

export function listAttachments(ctx: AppContext, documentId: string): Promise<DocumentAttachmentRow[]> {
  return selectAttachments(ctx.db.kysely, documentId);
}

/** An attachment is downloadable exactly when its document is (publication re-checked each time). */
export async function findDownloadableAttachment(
  ctx: AppContext,
  attachmentId: string,
  viewer: { staff: boolean },
): Promise<{ attachment: DocumentAttachmentRow; document: DocumentRow } | null> {
  const attachment = await selectAttachmentById(ctx.db.kysely, attachmentId);
  if (!attachment) return null;
  const document = await findDownloadable(ctx, attachment.document_id, viewer);
  return document ? { attachment, document } : null;
}
