import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Copy } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { toast } from "~/components/ui/toast";
import { copyToClipboard } from "~/lib/clipboard";
import { COPY_MESSAGES } from "~/lib/copy-messages";
import { buttonClass } from "./styles";
import { useHydrated } from "./use-hydrated";

/**
 * Copies text and says so ("Link Copied", in the language of `i18n`, the page's): lib/clipboard.ts,
 * with its plain-HTTP fallback.
 */
export async function copyText(text: string, i18n: I18n, field?: HTMLInputElement | null): Promise<boolean> {
  const copied = await copyToClipboard(text, field);
  if (copied) toast.success(i18n._(COPY_MESSAGES.copied), { description: i18n._(COPY_MESSAGES.copiedText) });
  else toast.error(i18n._(COPY_MESSAGES.failed), { description: i18n._(COPY_MESSAGES.failedText) });
  return copied;
}

/**
 * A copy button; only rendered once JavaScript runs (without it the text is there to select).
 * Public pages draw it too (the URL decoder): its icon is a LineIcon, not lucide-react's.
 */
export function CopyButton({
  text,
  label,
  fieldId,
  className = buttonClass.secondary,
}: {
  text: string;
  label: string;
  fieldId?: string;
  className?: string;
}) {
  const hydrated = useHydrated();
  const { i18n } = useLingui();
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      onClick={() => void copyText(text, i18n, fieldId ? (document.getElementById(fieldId) as HTMLInputElement | null) : null)}
    >
      <LineIcon name="copy" icon={Copy} className="h-4 w-4" />
      <span className="sr-only sm:not-sr-only">{i18n._(COPY_MESSAGES.copy)}</span>
    </button>
  );
}
