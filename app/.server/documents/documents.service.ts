import { randomUUID } from "node:crypto";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { iso } from "../time";
import { type Category, canonicalCategory } from "~/lib/categories";
import {
  countDocuments,
  type DocumentFilter,
  incrementDownloadCount,
  insertDocument,
  selectDocumentById,
  selectDocuments,
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
    id: randomUUID(),
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

export function countDownload(ctx: AppContext, id: string): Promise<void> {
  return incrementDownloadCount(ctx.db.kysely, id);
}
