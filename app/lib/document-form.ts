/**
 * The admin document forms' rules (admin-and-sharing sections 3-5), pure so the browser can check
 * a file before sending 50 MB over a slow link. The server checks everything again
 * (app/.server/uploads), content signatures included; these messages are the same text.
 */
import { type Category, canonicalCategory } from "./categories";
import { extensionOf } from "./file-names";

/** The single-document upload's types: the spec's list, with "jpg" as the usual spelling of jpeg. */
export const UPLOAD_EXTENSIONS = ["pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "txt", "jpeg", "jpg", "png", "gif"] as const;

/** "50MB" of the spec: 52428800 bytes, accepted; one byte more is refused. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(",");

/**
 * The longest text a document's own fields may hold: room for any real title, abstract and set of
 * keywords, yet no form can bloat the database, the search index or a card (issue 12, item 1).
 */
export const DOCUMENT_TEXT_LIMITS = { title: 300, description: 5000, tag: 60, tags: 30 } as const;

/**
 * Messages of the spec, as "Title: description" (a toast's title and text); the limits' are ours, in
 * its shape. In English: the server compares and returns them; pages show them in their language
 * through components/admin/content/messages.ts (localMessage).
 */
export const DOCUMENT_MESSAGES = {
  invalidType: "Invalid file type: Please select a supported file type",
  tooLarge: "File too large: Please select a file smaller than 50MB",
  missing: "Missing information: Please fill in all required fields and select a file",
  titleRequired: "Validation Error: Title is required",
  uploadFailed: "Upload failed: An error occurred during upload",
  notAuthenticated: "Upload failed: User not authenticated",
  titleTooLong: `Validation Error: Title must be at most ${DOCUMENT_TEXT_LIMITS.title} characters`,
  descriptionTooLong: `Validation Error: Description must be at most ${DOCUMENT_TEXT_LIMITS.description} characters`,
  tagTooLong: `Validation Error: Each tag must be at most ${DOCUMENT_TEXT_LIMITS.tag} characters`,
  tooManyTags: `Validation Error: Please give at most ${DOCUMENT_TEXT_LIMITS.tags} tags`,
  languageInvalid: "Validation Error: Please choose the document's language from the list",
} as const;

/** The first limit a document's title, description or (normalised) tags pass, or null. */
export function checkDocumentText(fields: {
  title: string;
  description: string | null;
  tags: readonly string[];
}): { field: "title" | "description" | "tags"; message: string } | null {
  if (fields.title.length > DOCUMENT_TEXT_LIMITS.title) return { field: "title", message: DOCUMENT_MESSAGES.titleTooLong };
  if ((fields.description ?? "").length > DOCUMENT_TEXT_LIMITS.description)
    return { field: "description", message: DOCUMENT_MESSAGES.descriptionTooLong };
  if (fields.tags.length > DOCUMENT_TEXT_LIMITS.tags) return { field: "tags", message: DOCUMENT_MESSAGES.tooManyTags };
  if (fields.tags.some((t) => t.length > DOCUMENT_TEXT_LIMITS.tag)) return { field: "tags", message: DOCUMENT_MESSAGES.tagTooLong };
  return null;
}

export interface SplitMessage {
  title: string;
  description: string;
}

/** "Title: description" → its two parts; a message without a colon is all description. */
export function splitMessage(message: string, fallbackTitle = "Error"): SplitMessage {
  const colon = message.indexOf(": ");
  return colon > 0
    ? { title: message.slice(0, colon), description: message.slice(colon + 2) }
    : { title: fallbackTitle, description: message };
}

/** The message for a chosen file, or null when the browser may send it. */
export function checkUploadFile(file: { name: string; size: number }): string | null {
  const ext = extensionOf(file.name);
  if (!ext || !(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) return DOCUMENT_MESSAGES.invalidType;
  if (file.size > MAX_UPLOAD_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return null;
}

/** The title pre-filled from a file name: the name without its extension (and without a path). */
export function titleFromFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/** Tags as the server stores them: trimmed, empty ones dropped, de-duplicated ignoring case. */
export function splitTags(raw: string): string[] {
  const seen = new Set<string>();
  return raw
    .split(",")
    .map((t) => t.trim())
    .filter((t) => {
      const key = t.toLowerCase();
      if (!t || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * A document's attachments (annexes, data sets, maps) take every type either upload form takes,
 * with the same size limit, content checks and messages (app/.server/uploads): the upload form's
 * types plus the bulk upload's one other, "csv" (a unit test checks this is the union).
 */
export const ATTACHMENT_EXTENSIONS = [...UPLOAD_EXTENSIONS, "csv"] as const;
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(",");

/** Characters of an attachment's label. */
export const ATTACHMENT_LABEL_MAX = 200;

export const ATTACHMENT_MESSAGES = {
  labelRequired: "Validation Error: Label is required",
  labelTooLong: `Validation Error: Label must be at most ${ATTACHMENT_LABEL_MAX} characters`,
  notFound: "Attachment not found",
  documentNotFound: "Document not found",
} as const;

/** The message for a chosen attachment file, or null when the browser may send it. */
export function checkAttachmentFile(file: { name: string; size: number }): string | null {
  const ext = extensionOf(file.name);
  if (!ext || !(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return DOCUMENT_MESSAGES.invalidType;
  if (file.size > MAX_UPLOAD_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return null;
}

/** The upload's stages of the spec (section 4): their labels are the admin catalogue's (components/admin/content/messages.ts). */
export type UploadStage = "preparing" | "uploading" | "creating" | "complete";

/** The stage a percentage of the upload is in. */
export function uploadStage(percent: number): UploadStage {
  if (percent < 25) return "preparing";
  if (percent < 75) return "uploading";
  if (percent < 100) return "creating";
  return "complete";
}

/**
 * The upload's percentage: 0-25 preparing (the session check), 25-75 the request body's bytes,
 * 75-100 the server storing and recording (bytes all sent = 75, answer received = 100).
 */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 25;
  return Math.round(25 + 50 * Math.min(1, Math.max(0, loaded / total)));
}

/**
 * The edit dialog's categories (section 3) with the canonical value each is stored as
 * (ARCHITECTURE.md section 4: "Guidelines" is Guideline, "Standards" is Policy). The labels are
 * the English ones; the dialog shows them in the page's language (categoryLabel).
 */
export const EDIT_CATEGORIES: ReadonlyArray<{ label: string; value: Category }> = [
  { label: "Report", value: "Report" },
  { label: "Guidelines", value: "Guideline" },
  { label: "Standards", value: "Policy" },
  { label: "Training", value: "Training" },
  { label: "Presentation", value: "Presentation" },
  { label: "Other", value: "Other" },
];

/**
 * The options for one document: the dialog's list, plus the document's own category when the
 * list lacks it (a Template stays a Template unless the editor picks another).
 */
export function editCategoryOptions(current: string): Array<{ label: string; value: string }> {
  const canonical = canonicalCategory(current) ?? current;
  if (EDIT_CATEGORIES.some((c) => c.value === canonical)) return [...EDIT_CATEGORIES];
  return [...EDIT_CATEGORIES, { label: canonical, value: canonical }];
}
