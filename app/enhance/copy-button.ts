import { texts } from "./texts";
import { toast } from "./toast";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/**
 * A "Copy link" button beside a read-only field (`button[data-copy="<field id>"]`; the shared
 * folder's link): copying needs JavaScript, so the server sends it hidden. The Clipboard API needs
 * a secure origin; a plain-HTTP install falls back to selecting the field and copying it. The
 * toasts' texts are the page's (`data-copy-texts` names them). A field marked
 * `data-select-on-focus` selects its text when focused, one keystroke from copying it by hand.
 */
export function enhanceCopyButtons(root: ParentNode): void {
  for (const field of unbound<HTMLInputElement>(root, "input[data-select-on-focus]", bound))
    field.addEventListener("focus", () => field.select());
  for (const button of unbound<HTMLButtonElement>(root, "button[data-copy]", bound)) {
    const field = document.getElementById(button.dataset.copy ?? "");
    if (!(field instanceof HTMLInputElement)) continue;
    button.hidden = false;
    button.addEventListener("click", async () => {
      const say = texts<"copied" | "copiedDescription" | "failed" | "failedDescription">(button.dataset.copyTexts ?? "");
      try {
        if (navigator.clipboard) await navigator.clipboard.writeText(field.value);
        else {
          field.select();
          if (!document.execCommand("copy")) throw new Error("copy refused");
        }
        toast.success(say.copied, { description: say.copiedDescription });
      } catch {
        field.select();
        toast.error(say.failed, { description: say.failedDescription });
      }
    });
  }
}
