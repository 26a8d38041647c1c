import { Trans, useLingui } from "@lingui/react/macro";
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from "~/lib/document-language";
import { documentLanguageName } from "~/lib/document-language-names";
import { inputClass, labelClass } from "../../ui/styles";

/**
 * The "Document language" select of the upload and edit forms (issue 14, item 4): the language
 * the document is written in, posted as `language` (en, so, other); the server checks it again
 * (lib/document-language.ts). Controlled when `onChange` is given (the upload form keeps its
 * values), else a plain field with a default.
 */
export function DocumentLanguageSelect({
  id,
  value,
  onChange,
  invalid = false,
}: {
  id: string;
  value: string;
  onChange?: (value: DocumentLanguage) => void;
  invalid?: boolean;
}) {
  const { i18n } = useLingui();
  const state = onChange
    ? { value, onChange: (e: { target: { value: string } }) => onChange(e.target.value as DocumentLanguage) }
    : { defaultValue: value };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        <Trans>Document language</Trans>
      </label>
      <select id={id} name="language" aria-invalid={invalid || undefined} className={`${inputClass} mt-1`} {...state}>
        {DOCUMENT_LANGUAGES.map((language) => (
          <option key={language} value={language}>
            {documentLanguageName(language, i18n)}
          </option>
        ))}
      </select>
    </div>
  );
}
