import { enhance } from "./parts";

/** Each region's markup as the server sent it, before any script changed it (an open menu, a measured header). */
const served = new WeakMap<Element, string>();

/** Notes the markup of the regions under `root` as the server sent it: called before they are enhanced. */
export function rememberRegions(root: ParentNode): void {
  for (const region of root.querySelectorAll("[data-refresh]")) served.set(region, region.outerHTML);
}

/**
 * A page that does not hydrate shows what changed without a page load (decision 0038): the same
 * address is fetched again and each region of the page (`data-refresh="<name>"`: the header, the
 * main content, the footer) whose markup changed is replaced by its fresh copy, then enhanced
 * again. What the reader is doing elsewhere on the page is left alone; focus inside a replaced
 * region goes to the element of the same id in its copy. A page whose regions are no longer the
 * same (maintenance began or ended, the page is gone) is loaded whole instead. A page that counts
 * each load as a visit says `data-no-refresh` and is left as it is, as the hydrated pages did not
 * reload it (their `shouldRevalidate`).
 */
export async function refreshPage(): Promise<void> {
  // A page whose every load counts (a document's, a dashboard's: a view) keeps what it shows.
  if (document.querySelector("[data-no-refresh]")) return;
  let response: Response;
  try {
    response = await fetch(window.location.href, { headers: { Accept: "text/html" } });
  } catch {
    return; // Offline or the server restarting: the next change will try again.
  }
  const next = new DOMParser().parseFromString(await response.text(), "text/html");
  const regions = (doc: Document) => new Map([...doc.querySelectorAll<HTMLElement>("[data-refresh]")].map((e) => [e.dataset.refresh, e]));
  const current = regions(document);
  const fresh = regions(next);
  const sameRegions = current.size === fresh.size && [...current.keys()].every((name) => fresh.has(name));
  if (!response.ok || !sameRegions) {
    window.location.reload();
    return;
  }
  for (const [name, element] of current) {
    const copy = fresh.get(name);
    if (!copy || copy.outerHTML === served.get(element)) continue;
    const focusedId = element.contains(document.activeElement) ? document.activeElement?.id : undefined;
    const adopted = document.importNode(copy, true);
    served.set(adopted, copy.outerHTML);
    element.replaceWith(adopted);
    enhance(adopted);
    if (focusedId) document.getElementById(focusedId)?.focus();
  }
}
