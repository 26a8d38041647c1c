import { removeDocument, type SavedDocument, savedDocuments } from "~/components/offline/saved-store";
import { sizeInMb } from "~/lib/file-size";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

const sizeOf = (d: SavedDocument) => (d.file?.size ?? 0) + (d.text?.size ?? 0);

/**
 * The Saved page (routes/public/saved.tsx, decision 0036) lists what this device keeps for offline
 * reading: only the device knows it, so the server's page says the list needs JavaScript and this
 * draws it from the page's templates, with each document's size, the total, and a button that
 * removes a document. The store is in this module's bundle, not loaded later: the Saved page must
 * work offline, and the service worker keeps the scripts the page names, not those they load.
 */
export function enhanceSavedList(root: ParentNode): void {
  for (const list of unbound<HTMLElement>(root, "[data-saved-list]", bound)) {
    const view = list.querySelector<HTMLElement>("[data-saved-view]");
    if (!view) continue;
    const show = async () => {
      let saved: SavedDocument[];
      try {
        saved = await savedDocuments();
      } catch {
        saved = [];
      }
      view.replaceChildren(...draw(list, saved, show));
    };
    void show();
  }
}

function copyOf(list: HTMLElement, name: string): Element | null {
  const node = list.querySelector<HTMLTemplateElement>(`template[${name}]`)?.content.firstElementChild;
  return node ? document.importNode(node, true) : null;
}

function draw(list: HTMLElement, saved: SavedDocument[], redraw: () => Promise<void>): Element[] {
  if (saved.length === 0) return [copyOf(list, "data-saved-empty")].filter((e) => e !== null);
  const total = saved.reduce((n, d) => n + sizeOf(d), 0);
  const totalLine = copyOf(list, "data-saved-list-total");
  if (totalLine instanceof HTMLElement) {
    totalLine.dataset.savedTotal = String(total);
    totalLine.textContent = (totalLine.textContent ?? "").trim().replace("{size}", () => sizeInMb(total));
  }
  const items = copyOf(list, "data-saved-items");
  for (const d of saved) {
    const item = copyOf(list, "data-saved-item");
    if (!(item instanceof HTMLElement) || !items) continue;
    item.dataset.savedDocument = d.documentId;
    const title = item.querySelector("[data-saved-title]");
    if (title) {
      title.textContent = d.title;
      title.setAttribute("href", `/document/${encodeURIComponent(d.documentId)}`);
    }
    for (const part of item.querySelectorAll<HTMLElement>("[data-saved-part]")) {
      const kept = part.dataset.savedPart === "text" ? d.text : d.file;
      if (!kept) {
        part.remove();
        continue;
      }
      part.setAttribute("href", kept.href);
      const size = part.querySelector("[data-size]");
      if (size) size.textContent = sizeInMb(kept.size);
    }
    const remove = item.querySelector<HTMLButtonElement>("[data-saved-remove]");
    if (remove) {
      remove.setAttribute("aria-label", `${remove.dataset.savedRemove}: ${d.title}`);
      remove.addEventListener("click", async () => {
        remove.disabled = true;
        try {
          await removeDocument(d.documentId);
        } finally {
          await redraw();
        }
      });
    }
    items.append(item);
  }
  return [totalLine, items].filter((e) => e !== null);
}
