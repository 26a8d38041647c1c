import { msg } from "@lingui/core/macro";
import { canonicalCategory } from "~/lib/categories";
import { facetsInputOf, readDocumentFacets } from "~/lib/document-facets";
import { checkDocumentText, DOCUMENT_MESSAGES } from "~/lib/document-form";
import { readDocumentLanguage } from "~/lib/document-language";
import type { RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { serverI18n } from "../i18n/i18n";
import { DOCUMENT_UPLOAD_TYPES, MAX_UPLOAD_BYTES } from "../uploads/file-types";
import { parseUpload, removeStored, UPLOAD_MESSAGES } from "../uploads/multipart";
import { createDocument, normaliseTags } from "./documents.service";

export type UploadOutcome =
  | { ok: true; document: DocumentRow }
  | { ok: false; status: 400 | 413; title: string; description: string; fields: UploadFormFields };

export interface UploadFormFields {
  title: string;
  description: string;
  category: string;
  language: string;
  tags: string;
  published: boolean;
  partner: string;
  sectors: string[];
  locations: string[];
}

function first(fields: Record<string, string[]>, name: string): string {
  return fields[name]?.[0] ?? "";
}

/** Splits "Title: message" of the spec into a toast's title and description. */
function failure(message: string, fields: UploadFormFields, status: 400 | 413 = 400): UploadOutcome {
  const colon = message.indexOf(": ");
  return {
    ok: false,
    status,
    title: colon > 0 ? message.slice(0, colon) : serverI18n()._(msg`Upload failed`),
    description: colon > 0 ? message.slice(colon + 2) : message,
    fields,
  };
}

/**
 * The single-document upload (admin-and-sharing sections 4-5): the file is
 * streamed to storage and checked on the way; then the form is validated and
 * the record created. Whatever fails, nothing half-stored remains.
 */
export async function uploadDocument(
  ctx: AppContext,
  request: Request,
  uploader: { id: string },
  meta: RequestMeta,
): Promise<UploadOutcome> {
  const parsed = await parseUpload(request, {
    ctx,
    allowedExtensions: DOCUMENT_UPLOAD_TYPES,
    keyPrefix: "documents",
    maxFiles: 1,
    maxFileBytes: MAX_UPLOAD_BYTES,
    now: ctx.now(),
  });
  const fields: UploadFormFields = {
    title: first(parsed.fields, "title").trim(),
    description: first(parsed.fields, "description"),
    category: first(parsed.fields, "category"),
    language: first(parsed.fields, "language"),
    tags: first(parsed.fields, "tags"),
    published: parsed.fields.published ? first(parsed.fields, "published") !== "false" : false,
    ...facetsInputOf((name) => parsed.fields[name] ?? []),
  };
  const rejected = parsed.rejected[0];
  const file = parsed.stored[0];
  if (rejected) {
    await removeStored(ctx, parsed.stored);
    return failure(rejected.message, fields, rejected.message === UPLOAD_MESSAGES.tooLarge ? 413 : 400);
  }
  if (!file || !fields.title) {
    await removeStored(ctx, parsed.stored);
    return failure(UPLOAD_MESSAGES.missing, fields);
  }
  const tooLong = checkDocumentText({ title: fields.title, description: fields.description, tags: normaliseTags(fields.tags) });
  const facets = readDocumentFacets(fields);
  const language = readDocumentLanguage(fields.language);
  if (tooLong || !facets.ok || language === null) {
    await removeStored(ctx, parsed.stored);
    return failure(tooLong?.message ?? (facets.ok ? DOCUMENT_MESSAGES.languageInvalid : facets.message), fields);
  }
  try {
    const document = await createDocument(
      ctx,
      {
        title: fields.title,
        description: fields.description,
        category: canonicalCategory(fields.category) ?? "Other",
        language,
        tags: normaliseTags(fields.tags),
        facets: facets.facets,
        published: fields.published,
        uploadedBy: uploader.id,
        file,
      },
      meta,
    );
    return { ok: true, document };
  } catch (error) {
    ctx.log.error({ err: error }, "document record creation failed");
    return failure(
      serverI18n()._(
        msg({
          message: "Upload failed: Failed to create document",
          comment: "A toast: the words before the first ': ' are its title, the rest its text.",
        }),
      ),
      fields,
    );
  }
}
