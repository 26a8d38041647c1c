/**
 * The language a document is written in (issue 14, item 4): English, Somali or another one.
 * Stored in `documents.language` as one of these codes; a document without one (older rows,
 * older backups, forms that do not send it) is English. Pure and free of Lingui's macros: the
 * admin forms' rules (document-form.ts) use it, and the file-reading child imports those. The
 * names a page shows are in document-language-names.ts.
 *
 * The codes are not the interface languages of lib/i18n/languages.ts: a Somali reader may read
 * an English document, and "other" is no interface language at all.
 */

export const DOCUMENT_LANGUAGES = ["en", "so", "other"] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];

export const DEFAULT_DOCUMENT_LANGUAGE: DocumentLanguage = "en";

export function isDocumentLanguage(value: unknown): value is DocumentLanguage {
  return typeof value === "string" && (DOCUMENT_LANGUAGES as readonly string[]).includes(value);
}

/**
 * A form's or a file's value: absent or empty is the default (English); one of the codes is
 * itself; anything else is null, which the server refuses rather than guessing.
 */
export function readDocumentLanguage(raw: string | null | undefined): DocumentLanguage | null {
  const value = (raw ?? "").trim();
  if (value === "") return DEFAULT_DOCUMENT_LANGUAGE;
  return isDocumentLanguage(value) ? value : null;
}
