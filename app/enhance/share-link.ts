import { copyToClipboard } from "~/lib/clipboard";
import { texts } from "./texts";
import { toast } from "./toast";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/**
 * The list cards' share buttons (`button[data-share-link]`, components/documents/share-link-button.tsx):
 * copying needs JavaScript, so the server sends them hidden and they are shown here. The address
 * copied is absolute, made with the browser's origin.
 */
export function enhanceShareLinks(root: ParentNode): void {
  for (const button of unbound<HTMLButtonElement>(root, "button[data-share-link]", bound)) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const say = texts<"copied" | "copiedDescription" | "failed" | "failedDescription">("share-link");
      if (await copyToClipboard(new URL(button.dataset.shareLink ?? "/", window.location.origin).href))
        toast.success(say.copied, { description: say.copiedDescription });
      else toast.error(say.failed, { description: say.failedDescription });
    });
  }
}
