import { randomUUID } from "node:crypto";
import { type Category, canonicalCategory } from "~/lib/categories";
import { downloadExtension, extensionOf } from "~/lib/file-names";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { iso } from "../time";
import {
  countDocuments,
  countPublishedByCategory,
  type DocumentAttachmentRow,
  type DocumentFilter,
  incrementDownloadCount,
  incrementViewCount,
  insertDocument,
  selectAttachmentById,
  selectAttachments,
  selectDocumentById,
  selectDocuments,
  selectPublishedDocument,
  selectPublishedInFolder,
} from "./documents.queries";

/** What the public side may see of a document (the spec's list item, plus display fields). */
export interface PublicDocument {
  id: string;
  title: string;
  description: string | null;
  category: string;
  tags: string[];
  created_at: string;
  size: number | null;
  file_ext: string | null;
  mime_type: string | null;
  has_file: boolean;
}

export function toPublicDocument(row: DocumentRow): PublicDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    tags: parseList(row.tags),
    created_at: row.created_at,
    size: row.size,
    file_ext: row.file_ext,
    mime_type: row.mime_type,
    has_file: !!row.file_path,
  };
}

export function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** Tags are trimmed, de-duplicated (case-insensitively) and empty ones dropped (admin-and-sharing section 5). */
export function normaliseTags(raw: string | string[] | null | undefined): string[] {
  const parts = (Array.isArray(raw) ? raw : (raw ?? "").split(",")).map((t) => t.trim()).filter(Boolean);
  const seen = new Set<string>();
  return parts.filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The lower-cased text the substring search runs over: title, description and every tag. */
export function searchTextOf(doc: { title: string; description: string | null; tags: string[] }): string {
  return [doc.title, doc.description ?? "", ...doc.tags].join("\n").toLowerCase();
}

export interface ListQuery {
  q?: string | null;
  category?: string | null;
  limit?: number;
}

/** Published documents, newest first, filtered by the spec's case-insensitive substring search. */
export async function listPublishedDocuments(ctx: AppContext, query: ListQuery = {}): Promise<PublicDocument[]> {
  const filter: DocumentFilter = { publishedOnly: true, limit: query.limit };
  const q = query.q?.trim().toLowerCase();
  if (q) filter.q = q;
  if (query.category && query.category !== "All") {
    const category = canonicalCategory(query.category);
    // An unknown category matches nothing rather than everything.
    filter.categories = [category ?? "__none__"];
  }
  return (await selectDocuments(ctx.db.kysely, filter)).map(toPublicDocument);
}

/** Every document, for the admin table. */
export function listAllDocuments(ctx: AppContext): Promise<DocumentRow[]> {
  return selectDocuments(ctx.db.kysely, { publishedOnly: false });
}

export function documentCount(ctx: AppContext): Promise<number> {
  return countDocuments(ctx.db.kysely);
}

export function findDocument(ctx: AppContext, id: string): Promise<DocumentRow | undefined> {
  return selectDocumentById(ctx.db.kysely, id);
}

export interface NewDocumentInput {
  /** Chosen by the caller only when it must record the id before the row exists (the test suite's cleanup job). */
  id?: string;
  title: string;
  description: string | null;
  category: Category;
  tags: string[];
  published: boolean;
  folderId?: string | null;
  uploadedBy: string | null;
  file: { key: string; originalName: string; ext: string; mimeType: string; size: number; sha256: string } | null;
}

/**
 * Creates the document record for a stored file. If the record cannot be
 * written, the stored file is removed (admin-and-sharing section 4), so no
 * file is left without its row.
 */
export async function createDocument(ctx: AppContext, input: NewDocumentInput, meta?: RequestMeta): Promise<DocumentRow> {
  const now = iso(ctx.now());
  const row: DocumentRow = {
    id: input.id ?? randomUUID(),
    title: input.title.trim(),
    description: input.description?.trim() || null,
    category: input.category,
    tags: JSON.stringify(input.tags),
    search_text: searchTextOf({ title: input.title.trim(), description: input.description, tags: input.tags }),
    file_path: input.file?.key ?? null,
    original_filename: input.file?.originalName ?? null,
    size: input.file?.size ?? null,
    mime_type: input.file?.mimeType ?? null,
    file_ext: input.file?.ext ?? null,
    sha256: input.file?.sha256 ?? null,
    folder_id: input.folderId ?? null,
    published: input.published ? 1 : 0,
    share_token: null,
    view_count: 0,
    download_count: 0,
    partner: null,
    sectors: "[]",
    locations: "[]",
    uploaded_by: input.uploadedBy,
    created_at: now,
    updated_at: now,
    file_missing_at: null,
  };
  try {
    await insertDocument(ctx.db.kysely, row);
  } catch (error) {
    if (input.file) await ctx.storage.delete(input.file.key).catch(() => {});
    throw error;
  }
  await logActivity(ctx, {
    action: "DOCUMENT_UPLOADED",
    entityType: "DOCUMENT",
    entityId: row.id,
    userId: input.uploadedBy,
    details: { title: row.title, published: input.published },
    meta,
  });
  if (input.published) {
    ctx.events.publish({ type: "document.published", audience: "public", data: { id: row.id, title: row.title, category: row.category } });
  } else {
    ctx.events.publish({ type: "document.changed", audience: "staff", data: { id: row.id } });
  }
  return row;
}

/**
 * The document a download request may have, or null. Unpublished documents
 * are only for signed-in staff; to everyone else they do not exist.
 */
export async function findDownloadable(ctx: AppContext, id: string, viewer: { staff: boolean }): Promise<DocumentRow | null> {
  const doc = await selectDocumentById(ctx.db.kysely, id);
  if (!doc) return null;
  if (!doc.published && !viewer.staff) return null;
  return doc;
}

/**
 * One download: download_count + 1 and a DOCUMENT_DOWNLOADED activity row, the per-day record
 * the admin analytics count downloads over time from.
 */
export async function countDownload(ctx: AppContext, id: string): Promise<void> {
  const title = await incrementDownloadCount(ctx.db.kysely, id);
  if (title === null) return;
  await logActivity(ctx, { action: "DOCUMENT_DOWNLOADED", entityType: "DOCUMENT", entityId: id, details: { title } });
}

/** Published documents per canonical category, and in all (the home page's category cards). */
export async function publishedCounts(ctx: AppContext): Promise<{ total: number; byCategory: Record<string, number> }> {
  const rows = await countPublishedByCategory(ctx.db.kysely);
  const byCategory = Object.fromEntries(rows.map((r) => [r.category, r.n]));
  return { total: rows.reduce((sum, r) => sum + r.n, 0), byCategory };
}

/** The published documents of a folder, ordered by title (admin-and-sharing section 7). */
export async function listPublishedInFolder(ctx: AppContext, folderId: string): Promise<PublicDocument[]> {
  return (await selectPublishedInFolder(ctx.db.kysely, folderId)).map(toPublicDocument);
}

/** The spec's public list item (public-portal section 3): what the lists and the public JSON carry. */
export interface PublicListItem {
  id: string;
  title: string;
  description: string | null;
  tags: string[];
  created_at: string;
  size: number | null;
}

/** The one place that shapes a public list item: nothing else of the document leaves the server. */
export function toPublicListItem(doc: PublicDocument): PublicListItem {
  return { id: doc.id, title: doc.title, description: doc.description, tags: doc.tags, created_at: doc.created_at, size: doc.size };
}

/** Published documents of a category (any spelling; unknown gives none), searched, newest first. */
export async function listPublicListItems(ctx: AppContext, query: ListQuery = {}): Promise<PublicListItem[]> {
  return (await listPublishedDocuments(ctx, query)).map(toPublicListItem);
}

// Document detail (public-portal sections 2, 3 and 7) ---------------------------------------------

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

/**
 * One view of a document: view_count + 1 in one statement and a
 * VIEW_DOCUMENT activity row (public-portal section 7). Returns the new count.
 */
export async function recordDocumentView(ctx: AppContext, doc: { id: string; title: string }, meta?: RequestMeta): Promise<number | null> {
  const count = await incrementViewCount(ctx.db.kysely, doc.id);
  if (count === null) return null;
  await logActivity(ctx, { action: "VIEW_DOCUMENT", entityType: "content", entityId: doc.id, details: { title: doc.title }, meta });
  return count;
}

export interface AttachmentDetail {
  id: string;
  label: string;
  file_type: string | null;
  file_size: number | null;
}

/** The union of the spec's two detail variants: the document plus the content item's fields. */
export interface DocumentDetail extends PublicDocument {
  partner: string | null;
  sectors: string[];
  locations: string[];
  view_count: number;
  download_count: number;
  /** The extension the download gets (the spec's file-name rule), when there is a file. */
  extension: string | null;
  attachments: AttachmentDetail[];
}

export function toDocumentDetail(row: DocumentRow, attachments: DocumentAttachmentRow[]): DocumentDetail {
  return {
    ...toPublicDocument(row),
    partner: row.partner,
    sectors: parseList(row.sectors),
    locations: parseList(row.locations),
    view_count: Number(row.view_count),
    download_count: Number(row.download_count),
    extension: row.file_path ? downloadExtension(row) : null,
    attachments: attachments.map((a) => ({
      id: a.id,
      label: a.label,
      file_type: a.file_type ?? extensionOf(a.file_path)?.toUpperCase() ?? null,
      file_size: a.file_size,
    })),
  };
}
