import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { DocumentLanguage } from "./document-language";

/**
 * A document's language as a page names it, in the reader's language ("Somali", "Af-Soomaali"):
 * cards, the detail page's facts, the Language facet and the admin forms. Apart from
 * document-language.ts because these use Lingui's macros, which the file-reading child cannot.
 */
const NAMES: Record<DocumentLanguage, MessageDescriptor> = {
  en: msg({ message: "English", comment: "The language a document is written in." }),
  so: msg({ message: "Somali", comment: "The language a document is written in." }),
  other: msg({ message: "Other language", comment: "A document written in neither English nor Somali." }),
};

export function documentLanguageName(language: DocumentLanguage, i18n: I18n): string {
  return i18n._(NAMES[language]);
}
