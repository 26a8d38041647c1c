import { msg } from "@lingui/core/macro";
import { canonicalCategory } from "~/lib/categories";
import type { FacetSuggestions } from "~/lib/document-facets";
import { type DocumentFacetsInput, type FacetField, readDocumentFacets } from "~/lib/document-facets";
import { checkDocumentText, DOCUMENT_MESSAGES } from "~/lib/document-form";
import { type DocumentLanguage, readDocumentLanguage } from "~/lib/document-language";
import type { FileReadingState } from "~/lib/file-reading";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import { dropQueuedReadings, queueFileReading, selectOwnFileContents, thumbnailKeysOfDocument } from "../contents/contents.queries";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { serverI18n } from "../i18n/i18n";
import { deleteSearchEntry, noteDocumentChange } from "../search/search-index";
import { iso } from "../time";
import { listDocumentAttachments } from "./attachments";
import { type DocumentAttachmentRow, deleteDocumentRows, updateDocumentRow } from "./documents.queries";
import { findDocument, normaliseTags, parseList } from "./documents.service";
import { canonicalFacets, facetColumns, facetSuggestions, writeFacetRows } from "./facets";
import type { AttachmentDetail } from "./public-shapes";

/**
 * Editing and deleting documents in the admin portal (admin-and-sharing sections 2, 4, 5 and 8),
 * with the live events the public and staff pages reload on (events/bus.ts states who may see what).
 */

/** What the admin table, the edit dialog and the edit page show of a document. */
export interface AdminDocument {
  id: string;
  title: string;
  description: string | null;
  category: string;
  language: DocumentLanguage;
  tags: string[];
  partner: string | null;
  sectors: string[];
  locations: string[];
  size: number | null;
  published: boolean;
  created_at: string;
  updated_at: string;
  /**
   * missingSince: when a download or `portal check` found the stored file gone (documents.file_missing_at);
   * reading: how reading its text went (contents/), null before it was queued.
   */
  file: {
    name: string | null;
    type: string | null;
    ext: string | null;
    sha256: string | null;
    missingSince: string | null;
    reading: FileReadingState | null;
  } | null;
}

export function toAdminDocument(row: DocumentRow, reading: FileReadingState | null = null): AdminDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    language: row.language,
    tags: parseList(row.tags),
    partner: row.partner,
    sectors: parseList(row.sectors),
    locations: parseList(row.locations),
    size: row.size,
    published: row.published === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    file: row.file_path
      ? {
          name: row.original_filename,
          type: row.mime_type,
          ext: row.file_ext,
          sha256: row.sha256,
          missingSince: row.file_missing_at,
          reading,
        }
      : null,
  };
}

export async function findAdminDocument(ctx: AppContext, id: string): Promise<AdminDocument | null> {
  const row = await findDocument(ctx, id);
  if (!row) return null;
  const file = (await selectOwnFileContents(ctx.db.kysely, [row.id])).get(row.id);
  return toAdminDocument(row, file ? { status: file.status, reason: file.reason, pageCount: file.page_count } : null);
}

/**
 * Queues a document's own file to be read again (the edit page's button); false when it has no
 * file. The reader takes it within seconds; the old text stays searchable until the new is stored.
 */
export async function rereadDocumentFile(ctx: AppContext, id: string): Promise<boolean> {
  const row = await findDocument(ctx, id);
  if (!row?.file_path) return false;
  const fileKey = row.file_path;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable("file_contents").set({ status: "queued" }).where("file_key", "=", fileKey).execute();
    await queueFileReading(trx, { fileKey, documentId: id, attachmentId: null }, iso(ctx.now()));
  });
  return true;
}

/** The edit page: the document, its attachments, and the suggestions of its partner, sectors and locations. */
export async function documentEditPage(
  ctx: AppContext,
  id: string,
): Promise<{ document: AdminDocument; attachments: AttachmentDetail[]; suggestions: FacetSuggestions } | null> {
  const document = await findAdminDocument(ctx, id);
  if (!document) return null;
  const [attachments, suggestions] = await Promise.all([listDocumentAttachments(ctx, id), facetSuggestions(ctx)]);
  return { document, attachments, suggestions };
}

export interface DocumentEditInput extends DocumentFacetsInput {
  title: string;
  description: string;
  category: string;
  /** The document's language code; absent keeps the stored one (an older form or caller), empty is English. */
  language?: string;
  tags: string;
  published: boolean;
}

export type EditOutcome =
  | { ok: true; document: AdminDocument }
  | {
      ok: false;
      status: 400 | 404;
      message: string;
      field: "title" | "description" | "tags" | "category" | "language" | FacetField | null;
    };

/**
 * Saves the edit dialog: title required, an empty description stored as null, the category in its
 * canonical spelling, tags normalised; partner, sectors and locations cleaned, within their limits
 * and in their stored spelling; the facet rows, the search entry and the audit trail's row (who
 * changed which fields) written in the same transaction, so the list and the search never show
 * the old version.
 */
export async function updateDocument(
  ctx: AppContext,
  id: string,
  input: DocumentEditInput,
  actor: { id: string } | null = null,
  meta?: RequestMeta,
): Promise<EditOutcome> {
  const title = input.title.trim();
  if (!title) return { ok: false, status: 400, message: DOCUMENT_MESSAGES.titleRequired, field: "title" };
  const category = canonicalCategory(input.category);
  if (!category)
    return {
      ok: false,
      status: 400,
      message: serverI18n()._(
        msg({
          message: "Update Failed: Please choose a category from the list",
          comment: "A toast: the words before the first ': ' are its title, the rest its text.",
        }),
      ),
      field: "category",
    };
  const language = input.language === undefined ? undefined : readDocumentLanguage(input.language);
  if (language === null) return { ok: false, status: 400, message: DOCUMENT_MESSAGES.languageInvalid, field: "language" };
  const reading = readDocumentFacets(input);
  if (!reading.ok) return { ok: false, status: 400, message: reading.message, field: reading.field };
  const description = input.description.trim() || null;
  const tags = normaliseTags(input.tags);
  const tooLong = checkDocumentText({ title, description, tags });
  if (tooLong) return { ok: false, status: 400, message: tooLong.message, field: tooLong.field };
  const now = iso(ctx.now());
  const edit = {
    title,
    description,
    category,
    ...(language === undefined ? {} : { language }),
    tags: JSON.stringify(tags),
    published: input.published ? 1 : 0,
    updated_at: now,
  };
  const saved = await ctx.db.kysely.transaction().execute(async (trx) => {
    const facets = await canonicalFacets(trx, id, reading.facets);
    const change = { ...edit, ...facetColumns(facets) };
    const before = await updateDocumentRow(trx, id, change);
    if (before) {
      await writeFacetRows(trx, id, facets, tags);
      await noteDocumentChange(trx, id);
      const details = { title, changed: changedFields(before, change), published: input.published };
      await logActivity(
        ctx,
        { action: "DOCUMENT_UPDATED", entityType: "DOCUMENT", entityId: id, userId: actor?.id ?? null, details, meta },
        trx,
      );
    }
    return before ? { before, change } : null;
  });
  if (!saved)
    return {
      ok: false,
      status: 404,
      message: serverI18n()._(
        msg({
          message: "Update Failed: Document not found",
          comment: "A toast: the words before the first ': ' are its title, the rest its text.",
        }),
      ),
      field: null,
    };
  const { before, change } = saved;
  const after: DocumentRow = { ...before, ...change };
  announceEdit(ctx, before.published === 1, after);
  return { ok: true, document: toAdminDocument(after) };
}

/** The names of the columns an edit changed (what the audit trail records; not their values). */
function changedFields(before: DocumentRow, change: Partial<DocumentRow>): string[] {
  return Object.entries(change)
    .filter(([field, value]) => field !== "updated_at" && before[field as keyof DocumentRow] !== value)
    .map(([field]) => field);
}

/**
 * Publishing tells everyone (document.published); unpublishing tells everyone only the id
 * (document.removed), so live pages drop it; a draft's changes stay among staff.
 */
function announceEdit(ctx: AppContext, wasPublished: boolean, doc: DocumentRow): void {
  if (doc.published === 1 && !wasPublished) {
    ctx.events.publish({ type: "document.published", audience: "public", data: { id: doc.id, title: doc.title, category: doc.category } });
  } else if (doc.published !== 1 && wasPublished) {
    ctx.events.publish({ type: "document.removed", audience: "public", data: { id: doc.id } });
  } else {
    ctx.events.publish({ type: "document.changed", audience: wasPublished ? "public" : "staff", data: { id: doc.id } });
  }
}

/**
 * Deletes a document: the row and its attachment rows in one transaction (what was read from
 * their files goes with them, and the audit trail records who deleted it), then their files and
 * thumbnails. `actor` is null when the portal deletes on its own (the self-test's clean-up).
 * Routes always pass the signed-in user: the audit trail says who changed what.
 * A crash between the two leaves an orphan file (logged), never a row whose file is gone.
 * Returns the deleted document's title, or null if there was none.
 */
export async function deleteDocument(
  ctx: AppContext,
  id: string,
  actor: { id: string } | null = null,
  meta?: RequestMeta,
): Promise<{ title: string } | null> {
  const deleted = await ctx.db.kysely.transaction().execute(async (trx) => {
    await deleteSearchEntry(trx, ctx.db.engine, id);
    const thumbnails = await thumbnailKeysOfDocument(trx, id);
    const rows = await deleteDocumentRows(trx, id);
    if (rows) {
      await dropQueuedReadings(
        trx,
        [rows.document.file_path, ...rows.attachments.map((a) => a.file_path)].filter((k): k is string => !!k),
      );
      const details = { title: rows.document.title, published: rows.document.published === 1, attachments: rows.attachments.length };
      await logActivity(
        ctx,
        { action: "DOCUMENT_DELETED", entityType: "DOCUMENT", entityId: id, userId: actor?.id ?? null, details, meta },
        trx,
      );
    }
    return rows ? { ...rows, thumbnails } : undefined;
  });
  if (!deleted) return null;
  const { document, attachments, thumbnails } = deleted;
  await removeFiles(ctx, document, attachments, thumbnails);
  ctx.events.publish({ type: "document.removed", audience: document.published === 1 ? "public" : "staff", data: { id: document.id } });
  return { title: document.title };
}

async function removeFiles(
  ctx: AppContext,
  document: DocumentRow,
  attachments: DocumentAttachmentRow[],
  thumbnails: string[],
): Promise<void> {
  const keys = [document.file_path, ...attachments.map((a) => a.file_path), ...thumbnails].filter((k): k is string => !!k);
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  results.forEach((result, i) => {
    if (result.status === "rejected") {
      ctx.log.error(
        { err: result.reason, key: keys[i], documentId: document.id },
        "deleted document's file could not be removed; it is an orphan now",
      );
    }
  });
}
