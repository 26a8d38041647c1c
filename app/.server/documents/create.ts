import { randomUUID } from "node:crypto";
import type { Category } from "~/lib/categories";
import type { DocumentFacets } from "~/lib/document-facets";
import { DEFAULT_DOCUMENT_LANGUAGE, type DocumentLanguage } from "~/lib/document-language";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import { queueFileReading } from "../contents/contents.queries";
import { wakeFileReader } from "../contents/reader";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { noteDocumentChange } from "../search/search-index";
import { iso } from "../time";
import { removeStored } from "../uploads/multipart";
import { forgetPendingFiles } from "../uploads/pending-files";
import { insertDocument } from "./documents.queries";
import { canonicalFacets, facetColumns, NO_FACETS, writeFacetRows } from "./facets";
import { normaliseTags } from "./tags";

export interface NewDocumentInput {
  /** Chosen by the caller only when it must record the id before the row exists (the test suite's cleanup job). */
  id?: string;
  title: string;
  description: string | null;
  category: Category;
  /** The language it is written in; English when not given. */
  language?: DocumentLanguage;
  tags: string[];
  published: boolean;
  /** Partner, sectors and locations, cleaned and within the limits (readDocumentFacets); none when absent. */
  facets?: DocumentFacets;
  folderId?: string | null;
  uploadedBy: string | null;
  file: { key: string; originalName: string; ext: string; mimeType: string; size: number; sha256: string } | null;
}

/**
 * Creates the document record for a stored file, with its facet rows, its search entry and the
 * job that reads the file (contents/) in the same transaction.
 * If the record cannot be written, the stored file is removed (admin-and-sharing section 4), so
 * no file is left without its row.
 */
export async function createDocument(ctx: AppContext, input: NewDocumentInput, meta?: RequestMeta): Promise<DocumentRow> {
  const now = iso(ctx.now());
  const id = input.id ?? randomUUID();
  const tags = normaliseTags(input.tags);
  const row: DocumentRow = {
    id,
    title: input.title.trim(),
    description: input.description?.trim() || null,
    category: input.category,
    language: input.language ?? DEFAULT_DOCUMENT_LANGUAGE,
    tags: JSON.stringify(tags),
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
    ...facetColumns(NO_FACETS),
    uploaded_by: input.uploadedBy,
    created_at: now,
    updated_at: now,
    file_missing_at: null,
  };
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      const facets = await canonicalFacets(trx, id, input.facets ?? NO_FACETS);
      Object.assign(row, facetColumns(facets));
      await insertDocument(trx, row);
      await writeFacetRows(trx, id, facets, tags);
      await noteDocumentChange(trx, id);
      if (input.file) {
        await queueFileReading(trx, { fileKey: input.file.key, documentId: id, attachmentId: null }, now);
        // Named from this commit on: no crash sweep may take the file now (uploads/pending-files.ts).
        await forgetPendingFiles(trx, [input.file.key]);
      }
    });
  } catch (error) {
    if (input.file) await removeStored(ctx, [input.file]);
    throw error;
  }
  if (input.file) wakeFileReader(ctx);
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
