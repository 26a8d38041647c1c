import { copyToClipboard } from "~/lib/clipboard";
import { texts } from "./texts";
import { toast } from "./toast";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/**
 * Copy buttons on a page that does not hydrate (components/ui/copy-button-markup.tsx): hidden in
 * the server's HTML, as without JavaScript the text is there to select; shown here, each copies
 * the field it names and says so (lib/clipboard.ts, as ui/copy-button.tsx on hydrated
 * pages). The field
 * selects its text when it gets focus. The toasts say the page's `copy` texts, or the ones the
 * button names (`data-copy-texts`: the shared folder's "Folder link copied").
 */
export function enhanceCopyFields(root: ParentNode): void {
  for (const button of unbound<HTMLButtonElement>(root, "button[data-copy-field]", bound)) {
    const field = document.getElementById(button.dataset.copyField ?? "");
    if (!(field instanceof HTMLInputElement)) continue;
    field.addEventListener("focus", () => field.select());
    button.addEventListener("click", () => void copy(field, button.dataset.copyTexts ?? "copy"));
    button.hidden = false;
  }
}

async function copy(field: HTMLInputElement, textsName: string): Promise<void> {
  const words = texts<"copied" | "copiedText" | "failed" | "failedText">(textsName);
  if (await copyToClipboard(field.value, field)) toast.success(words.copied, { description: words.copiedText });
  else toast.error(words.failed, { description: words.failedText });
}
