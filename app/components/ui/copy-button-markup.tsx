import { useLingui } from "@lingui/react/macro";
import { Copy } from "lucide";
import { COPY_MESSAGES } from "~/lib/copy-messages";
import { PageTexts } from "../layout/page-texts";
import { LineIcon } from "./line-icon";
import { buttonClass } from "./styles";

/**
 * A copy button on a page that does not hydrate (decision 0038): hidden, as without JavaScript it
 * would do nothing (the text is there to select); app/enhance/copy-field.ts shows it and copies
 * the field it names, with toasts whose words are the page's `<CopyTexts />`. The hydrated pages'
 * button is ui/copy-button.tsx, with the same words.
 */
export function CopyButtonMarkup({ label, fieldId }: { label: string; fieldId: string }) {
  const { i18n } = useLingui();
  return (
    <button type="button" hidden data-copy-field={fieldId} className={buttonClass.secondary} aria-label={label}>
      <LineIcon name="copy" icon={Copy} className="h-4 w-4" />
      <span className="sr-only sm:not-sr-only">{i18n._(COPY_MESSAGES.copy)}</span>
    </button>
  );
}

/** The copy buttons' toasts, once per page. */
export function CopyTexts() {
  const { i18n } = useLingui();
  return (
    <PageTexts
      name="copy"
      texts={{
        copied: i18n._(COPY_MESSAGES.copied),
        copiedText: i18n._(COPY_MESSAGES.copiedText),
        failed: i18n._(COPY_MESSAGES.failed),
        failedText: i18n._(COPY_MESSAGES.failedText),
      }}
    />
  );
}
