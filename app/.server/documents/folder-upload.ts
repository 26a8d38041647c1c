import { type DocumentFacetsInput, facetsInputOf, readDocumentFacets } from "~/lib/document-facets";
import { checkDocumentText, DOCUMENT_MESSAGES } from "~/lib/document-form";
import { readDocumentLanguage } from "~/lib/document-language";
import { FOLDER_MESSAGES, FOLDER_UPLOAD_CATEGORIES, folderCategory } from "~/lib/folders";
import type { RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { folderExists } from "../folders/folders.admin";
import { BULK_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from "../uploads/file-types";
import { parseUpload, removeStored } from "../uploads/multipart";
import { createDocument } from "./documents.service";

/**
 * Upload to Folder (admin-and-sharing sections 2, 3 and 7, "simple folder upload"): one file into
 * a chosen folder with a title, description, a category of the folder form's list, the language
 * it is written in and the published switch. Like the single upload, whatever fails leaves nothing stored.
 */

export interface FolderUploadFields extends DocumentFacetsInput {
  folderId: string;
  title: string;
  description: string;
  category: string;
  language: string;
  published: boolean;
}

export type FolderUploadOutcome =
  | { ok: true; document: DocumentRow }
  | { ok: false; status: 400 | 404 | 413 | 500; message: string; fields: FolderUploadFields };

function first(fields: Record<string, string[]>, name: string): string {
  return fields[name]?.[0] ?? "";
}

export async function uploadToFolder(
  ctx: AppContext,
  request: Request,
  uploader: { id: string },
  meta: RequestMeta,
): Promise<FolderUploadOutcome> {
  const parsed = await parseUpload(request, {
    ctx,
    allowedExtensions: BULK_UPLOAD_TYPES,
    keyPrefix: "documents",
    maxFiles: 1,
    maxFileBytes: MAX_UPLOAD_BYTES,
    now: ctx.now(),
  });
  const fields: FolderUploadFields = {
    folderId: first(parsed.fields, "folderId").trim(),
    title: first(parsed.fields, "title").trim(),
    description: first(parsed.fields, "description"),
    category: first(parsed.fields, "category") || FOLDER_UPLOAD_CATEGORIES[0],
    language: first(parsed.fields, "language"),
    published: parsed.fields.published ? first(parsed.fields, "published") !== "false" : false,
    ...facetsInputOf((name) => parsed.fields[name] ?? []),
  };
  const refuse = async (status: 400 | 404 | 413, message: string): Promise<FolderUploadOutcome> => {
    await removeStored(ctx, parsed.stored);
    return { ok: false, status, message, fields };
  };
  const rejected = parsed.rejected[0];
  const file = parsed.stored[0];
  if (rejected) return refuse(rejected.message === FOLDER_MESSAGES.tooLarge ? 413 : 400, rejected.message);
  if (!file || !fields.title || !fields.folderId) return refuse(400, FOLDER_MESSAGES.missing);
  const tooLong = checkDocumentText({ title: fields.title, description: fields.description, tags: [] });
  if (tooLong) return refuse(400, tooLong.message);
  const facets = readDocumentFacets(fields);
  if (!facets.ok) return refuse(400, facets.message);
  const language = readDocumentLanguage(fields.language);
  if (language === null) return refuse(400, DOCUMENT_MESSAGES.languageInvalid);
  if (!(await folderExists(ctx, fields.folderId))) return refuse(404, FOLDER_MESSAGES.loadFailed);
  try {
    const document = await createDocument(
      ctx,
      {
        title: fields.title,
        description: fields.description,
        category: folderCategory(fields.category) ?? "Report",
        language,
        tags: [],
        facets: facets.facets,
        published: fields.published,
        folderId: fields.folderId,
        uploadedBy: uploader.id,
        file,
      },
      meta,
    );
    return { ok: true, document };
  } catch (error) {
    ctx.log.error({ err: error }, "folder upload: document record creation failed");
    return { ok: false, status: 500, message: FOLDER_MESSAGES.recordFailed, fields };
  }
}
