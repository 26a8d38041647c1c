import { type DocumentFacets, facetsInputOf, readDocumentFacets } from "~/lib/document-facets";
import { DOCUMENT_MESSAGES } from "~/lib/document-form";
import { type DocumentLanguage, readDocumentLanguage } from "~/lib/document-language";
import { BULK_MAX_FILES, type BulkFileResult, bulkTitle, FOLDER_MESSAGES, folderCategory } from "~/lib/folders";
import type { RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import { folderExists } from "../folders/folders.admin";
import { BULK_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from "../uploads/file-types";
import { parseUpload, removeStored, type StoredUpload, UPLOAD_MESSAGES } from "../uploads/multipart";
import { createDocument } from "./documents.service";

/**
 * Bulk Upload (admin-and-sharing sections 2, 5 and 9): many files into an optional folder, one
 * result per file. Each file is streamed to storage under org/default/year={year}/ and checked
 * on the way (type, content, 50MB); each stored file then gets its record, and a file whose
 * record fails is removed (createDocument does that), so nothing half-stored remains. A refusal
 * of the whole request (no files, missing titles, unknown folder) removes every stored file.
 *
 * Language, partner, sectors and locations are settings of the whole upload, like the folder and
 * category: every file gets the same. Values over their limits, or a language not on the list,
 * refuse the request.
 *
 * Titles: a request carrying exactly one file may name it with a `title` field (the browser
 * sends one file per request, with the title the editor typed); otherwise each file is titled
 * with its name without the extension (the form without JavaScript says so).
 */

export type BulkOutcome =
  | { ok: true; results: BulkFileResult[] }
  | { ok: false; status: 400 | 404 | 413; message: string; results: BulkFileResult[] };

export interface BulkSettings {
  folderId: string | null;
  category: string;
  /** Null: a value not on the list, which refuses the request. */
  language: DocumentLanguage | null;
  published: boolean;
}

function first(fields: Record<string, string[]>, name: string): string | undefined {
  return fields[name]?.[0];
}

export function bulkSettingsFrom(fields: Record<string, string[]>): BulkSettings {
  const folderId = first(fields, "folderId")?.trim() || null;
  return {
    folderId,
    category: first(fields, "category") ?? "",
    language: readDocumentLanguage(first(fields, "language")),
    published: fields.published ? first(fields, "published") !== "false" : false,
  };
}

/** The storage prefix of the spec: org/default/year={year} (UTC). */
export function bulkKeyPrefix(now: Date): string {
  return `org/default/year=${now.getUTCFullYear()}`;
}

function byName(a: BulkFileResult, b: BulkFileResult): number {
  return a.name.localeCompare(b.name);
}

export async function bulkUpload(ctx: AppContext, request: Request, uploader: { id: string }, meta: RequestMeta): Promise<BulkOutcome> {
  const now = ctx.now();
  const parsed = await parseUpload(request, {
    ctx,
    allowedExtensions: BULK_UPLOAD_TYPES,
    keyPrefix: bulkKeyPrefix(now),
    // One more than allowed, so a request with too many files is noticed rather than cut short.
    maxFiles: BULK_MAX_FILES + 1,
    maxFileBytes: MAX_UPLOAD_BYTES,
    now,
  });
  const refusals: BulkFileResult[] = parsed.rejected.map((r) => ({ name: r.originalName, ok: false, message: r.message }));
  const refuse = async (status: 400 | 404 | 413, message: string, results: BulkFileResult[] = []): Promise<BulkOutcome> => {
    await removeStored(ctx, parsed.stored);
    return { ok: false, status, message, results };
  };

  if (parsed.rejected.some((r) => r.message === UPLOAD_MESSAGES.unreadable)) return refuse(400, UPLOAD_MESSAGES.unreadable);
  const count = parsed.stored.length + parsed.rejected.length;
  if (count === 0) return refuse(400, FOLDER_MESSAGES.noFiles);
  if (count > BULK_MAX_FILES) return refuse(413, FOLDER_MESSAGES.tooManyFiles);
  const settings = bulkSettingsFrom(parsed.fields);
  if (settings.folderId && !(await folderExists(ctx, settings.folderId))) return refuse(404, FOLDER_MESSAGES.loadFailed);
  const given = count === 1 ? first(parsed.fields, "title") : undefined;
  if (given !== undefined && !given.trim()) return refuse(400, FOLDER_MESSAGES.missingTitles, refusals);
  const facets = readDocumentFacets(facetsInputOf((name) => parsed.fields[name] ?? []));
  if (!facets.ok) return refuse(400, facets.message, refusals);
  const language = settings.language;
  if (language === null) return refuse(400, DOCUMENT_MESSAGES.languageInvalid, refusals);

  const results: BulkFileResult[] = [...refusals];
  for (const file of parsed.stored) {
    const title = given?.trim() || bulkTitle(file.originalName);
    results.push(await recordFile(ctx, file, title, { ...settings, language, facets: facets.facets }, uploader, meta));
  }
  return { ok: true, results: results.sort(byName) };
}

async function recordFile(
  ctx: AppContext,
  file: StoredUpload,
  title: string,
  settings: BulkSettings & { language: DocumentLanguage; facets: DocumentFacets },
  uploader: { id: string },
  meta: RequestMeta,
): Promise<BulkFileResult> {
  try {
    const document = await createDocument(
      ctx,
      {
        title,
        description: null,
        category: folderCategory(settings.category) ?? "Report",
        language: settings.language,
        tags: [],
        facets: settings.facets,
        published: settings.published,
        folderId: settings.folderId,
        uploadedBy: uploader.id,
        file,
      },
      meta,
    );
    return { name: file.originalName, ok: true, documentId: document.id, title: document.title };
  } catch (error) {
    ctx.log.error({ err: error, file: file.originalName }, "bulk upload: document record creation failed");
    return { name: file.originalName, ok: false, message: FOLDER_MESSAGES.recordFailed };
  }
}
