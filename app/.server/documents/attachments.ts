import { randomUUID } from "node:crypto";
import { ATTACHMENT_LABEL_MAX, ATTACHMENT_MESSAGES, titleFromFileName } from "~/lib/document-form";
import { dropQueuedReadings, forgetAttachmentContents, queueFileReading } from "../contents/contents.queries";
import { wakeFileReader } from "../contents/reader";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { iso } from "../time";
import { ATTACHMENT_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from "../uploads/file-types";
import { parseUpload, removeStored, UPLOAD_MESSAGES } from "../uploads/multipart";
import { forgetPendingFiles } from "../uploads/pending-files";
import { deleteAttachmentRow, documentStillUsesFile, insertAttachmentRow, updateAttachmentLabel } from "./attachments.queries";
import { type DocumentAttachmentRow, selectAttachmentById, selectAttachments, selectDocumentById } from "./documents.queries";
import { type AttachmentDetail, toAttachmentDetail } from "./public-shapes";

/**
 * A document's attachments, managed on its edit page (issue 9 item 12): added with the uploads'
 * own checks (app/.server/uploads: the types, the 50 MB limit, the content signatures and their
 * messages), relabelled, removed with their stored file. Whatever fails, nothing half-stored
 * remains: a refused or broken file never reaches its key, and a file whose row cannot be written
 * is removed.
 */

export type AttachmentOutcome = { ok: true; attachment: AttachmentDetail } | { ok: false; status: 400 | 404 | 413; message: string };

/** The edit page's list: label, type and size, in display order. */
export async function listDocumentAttachments(ctx: AppContext, documentId: string): Promise<AttachmentDetail[]> {
  return (await selectAttachments(ctx.db.kysely, documentId)).map(toAttachmentDetail);
}

/** One attachment of one document (an attachment id under another document is none). */
export async function findAttachmentOf(ctx: AppContext, documentId: string, attachmentId: string): Promise<AttachmentDetail | null> {
  const row = await selectAttachmentById(ctx.db.kysely, attachmentId);
  return row && row.document_id === documentId ? toAttachmentDetail(row) : null;
}

function cleanLabel(raw: string): string {
  return raw.replace(/\s+/g, " ").trim();
}

/** Streams one file (field `file`) with an optional `label` into a new attachment of the document. */
export async function addAttachment(ctx: AppContext, request: Request, documentId: string): Promise<AttachmentOutcome> {
  const document = await selectDocumentById(ctx.db.kysely, documentId);
  if (!document) return { ok: false, status: 404, message: ATTACHMENT_MESSAGES.documentNotFound };
  const parsed = await parseUpload(request, {
    ctx,
    allowedExtensions: ATTACHMENT_UPLOAD_TYPES,
    keyPrefix: "attachments",
    maxFiles: 1,
    maxFileBytes: MAX_UPLOAD_BYTES,
    now: ctx.now(),
  });
  const refuse = async (status: 400 | 413, message: string): Promise<AttachmentOutcome> => {
    await removeStored(ctx, parsed.stored);
    return { ok: false, status, message };
  };
  const rejected = parsed.rejected[0];
  if (rejected) return refuse(rejected.message === UPLOAD_MESSAGES.tooLarge ? 413 : 400, rejected.message);
  const file = parsed.stored[0];
  if (!file) return refuse(400, UPLOAD_MESSAGES.missing);
  const label = cleanLabel(parsed.fields.label?.[0] ?? "") || titleFromFileName(file.originalName) || file.originalName;
  if (label.length > ATTACHMENT_LABEL_MAX) return refuse(400, ATTACHMENT_MESSAGES.labelTooLong);

  let row: DocumentAttachmentRow;
  try {
    const now = iso(ctx.now());
    row = await ctx.db.kysely.transaction().execute(async (trx) => {
      const inserted = await insertAttachmentRow(trx, {
        id: randomUUID(),
        document_id: documentId,
        label,
        file_path: file.key,
        file_type: file.ext.toUpperCase(),
        file_size: file.size,
        mime_type: file.mimeType,
        sha256: file.sha256,
        created_at: now,
      });
      await queueFileReading(trx, { fileKey: file.key, documentId, attachmentId: inserted.id }, now);
      await forgetPendingFiles(trx, [file.key]);
      return inserted;
    });
  } catch (error) {
    // The document may have been deleted meanwhile (foreign key), or the database be away.
    await removeStored(ctx, parsed.stored);
    throw error;
  }
  wakeFileReader(ctx);
  announce(ctx, document);
  return { ok: true, attachment: toAttachmentDetail(row) };
}

export async function relabelAttachment(
  ctx: AppContext,
  documentId: string,
  attachmentId: string,
  rawLabel: string,
): Promise<AttachmentOutcome> {
  const label = cleanLabel(rawLabel);
  if (!label) return { ok: false, status: 400, message: ATTACHMENT_MESSAGES.labelRequired };
  if (label.length > ATTACHMENT_LABEL_MAX) return { ok: false, status: 400, message: ATTACHMENT_MESSAGES.labelTooLong };
  const row = await updateAttachmentLabel(ctx.db.kysely, documentId, attachmentId, label);
  if (!row) return { ok: false, status: 404, message: ATTACHMENT_MESSAGES.notFound };
  const document = await selectDocumentById(ctx.db.kysely, documentId);
  if (document) announce(ctx, document);
  return { ok: true, attachment: toAttachmentDetail(row) };
}

/**
 * Removes an attachment: its row (with what was read from its file, whose words stop finding the
 * document at once), then its stored file unless the document still names that key, and its thumbnail.
 * A crash between the two leaves an orphan file (logged), never a row whose file is gone.
 * Returns the removed attachment's label (as `title`, for the delete confirmation), or null.
 */
export async function removeAttachment(ctx: AppContext, documentId: string, attachmentId: string): Promise<{ title: string } | null> {
  const removed = await ctx.db.kysely.transaction().execute(async (trx) => {
    const thumbnails = await forgetAttachmentContents(trx, ctx.db.engine, attachmentId);
    const deleted = await deleteAttachmentRow(trx, documentId, attachmentId);
    if (deleted) await dropQueuedReadings(trx, [deleted.file_path]);
    return deleted ? { row: deleted, thumbnails } : null;
  });
  if (!removed) return null;
  const { row, thumbnails } = removed;
  const keys = [...((await documentStillUsesFile(ctx.db.kysely, documentId, row.file_path)) ? [] : [row.file_path]), ...thumbnails];
  for (const key of keys) {
    await ctx.storage.delete(key).catch((error: unknown) => {
      ctx.log.error({ err: error, key, documentId }, "removed attachment's file could not be deleted; it is an orphan now");
    });
  }
  const document = await selectDocumentById(ctx.db.kysely, documentId);
  if (document) announce(ctx, document);
  return { title: row.label };
}

/** The detail page lists attachments: pages showing this document reload (a draft's among staff only). */
function announce(ctx: AppContext, document: DocumentRow): void {
  ctx.events.publish({ type: "document.changed", audience: document.published === 1 ? "public" : "staff", data: { id: document.id } });
}
