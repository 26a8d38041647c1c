import { isSaved, saveDocument } from "~/components/offline/saved-store";
import { sizeInMb } from "~/lib/byte-sizes";
import { texts } from "./texts";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

type Texts = "save" | "saving" | "saved" | "savedLink" | "noRoom" | "failed";

/**
 * "Save for offline" on a document's page that does not hydrate (decision 0036; the markup is
 * components/offline/save-offline.tsx's). Shown only in a browser with Cache Storage and service
 * workers: saving is done here, and read back by the service worker.
 */
export function enhanceSaveOffline(root: ParentNode): void {
  if (!("caches" in window) || !("serviceWorker" in navigator)) return;
  for (const box of unbound<HTMLElement>(root, "[data-save-offline]", bound)) {
    const request = JSON.parse(box.dataset.saveOffline ?? "{}");
    const button = box.querySelector<HTMLButtonElement>("[data-save]");
    const saved = box.querySelector<HTMLElement>("[data-saved]");
    const refused = box.querySelector<HTMLElement>("[data-refused]");
    if (!button || !saved || !refused) continue;
    const say = texts<Texts>("save-offline");
    const showSaved = () => {
      button.remove();
      saved.hidden = false;
      saved.dataset.offlineSaved = request.documentId;
      refused.hidden = true;
    };
    button.addEventListener("click", async () => {
      button.disabled = true;
      button.textContent = say.saving;
      const result = await saveDocument(request);
      if (result.ok) return showSaved();
      button.disabled = false;
      button.textContent = say.save;
      refused.textContent =
        result.reason === "failed"
          ? say.failed
          : say.noRoom.replace("{free}", sizeInMb(result.free)).replace("{needed}", sizeInMb(result.needed));
      refused.hidden = false;
    });
    // The store's code is in the page's one script (about 1.5 KB): a lazily loaded part would be
    // one more file the offline pages need (the service worker keeps the files a page names).
    isSaved(request.documentId)
      .then((saved) => {
        if (saved) showSaved();
      })
      // A device with no room left may refuse even to open the store: saving then says why.
      .catch(() => {})
      .finally(() => {
        box.hidden = false;
      });
  }
}
