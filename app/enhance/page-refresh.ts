import { enhance } from "./parts";

/** Each region's markup as the server sent it, before any script changed it (an open menu, a measured header). */
const served = new WeakMap<Element, string>();

/** Notes the markup of the regions under `root` as the server sent it: called before they are enhanced. */
export function rememberRegions(root: ParentNode): void {
  for (const region of root.querySelectorAll("[data-refresh]")) served.set(region, region.outerHTML);
}

/**
 * Fetches the page at `url` as the browser would show it: its HTML, parsed (scripts in it do not
 * run). The `Accept` header marks it as a page for the offline worker (service-worker/rules.ts),
 * which answers it from the device when the network is gone, as it does a page load. Null when
 * no answer came (offline with no copy, the server restarting, `signal` aborted).
 */
export async function fetchPage(url: string, signal?: AbortSignal): Promise<{ response: Response; page: Document } | null> {
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" }, signal });
    return { response, page: new DOMParser().parseFromString(await response.text(), "text/html") };
  } catch {
    return null;
  }
}

/**
 * Puts `copy` (a fresh copy of `element`, from a fetched page or already adopted) in `element`'s
 * place and enhances it. Focus inside the element goes to the element of the same id, or else of
 * the same `data-key`, in the copy. Returns the element now in the page.
 */
export function replaceRegion(element: Element, copy: Element): Element {
  const focused = element.contains(document.activeElement) ? (document.activeElement as HTMLElement | null) : null;
  const adopted = copy.ownerDocument === document ? copy : document.importNode(copy, true);
  element.replaceWith(adopted);
  enhance(adopted);
  if (focused && !focused.isConnected) {
    const key = focused.dataset.key;
    const target = focused.id
      ? document.getElementById(focused.id)
      : key
        ? adopted.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)
        : null;
    target?.focus();
  }
  return adopted;
}

/**
 * Keeps a live region (a count, a status line) through a replacement: a live region that is
 * replaced is not read out, so the element in the page takes the fresh copy's text and the
 * fresh copy's place.
 */
export function keepLiveRegion(current: Element | null, fresh: Element | null): void {
  if (!current || !fresh) return;
  current.textContent = fresh.textContent;
  fresh.replaceWith(current);
}

/**
 * A part of the page that refreshes a region itself (a list keeps the pages "Load more" added and
 * the words being typed): given the region in the page and its fresh copy, it updates the region
 * and returns true, or returns false to leave it to the plain replacement.
 */
export type RegionMerge = (region: HTMLElement, copy: HTMLElement) => boolean;
const merges: RegionMerge[] = [];

/** Registers a region merge for refreshPage (once per module, not per element). */
export function mergeRegionsWith(merge: RegionMerge): void {
  if (!merges.includes(merge)) merges.push(merge);
}

/**
 * A page that does not hydrate shows what changed without a page load (decision 0038): the same
 * address is fetched again and each region of the page (`data-refresh="<name>"`: the header, the
 * main content, the footer) whose markup changed is replaced by its fresh copy, then enhanced
 * again (or updated by a registered merge: mergeRegionsWith). What the reader is doing elsewhere on
 * the page is left alone; focus inside a replaced region goes to the element of the same id in its
 * copy. A page whose regions are no longer the same (maintenance began or ended, the page is gone)
 * takes the fresh copy's whole body. A page that counts each load as a visit says `data-no-refresh` and is
 * left as it is, as the hydrated pages did not reload it (their `shouldRevalidate`).
 */
export async function refreshPage({ evenIfKept = false }: { evenIfKept?: boolean } = {}): Promise<void> {
  // A page whose every load counts (a document's, a shared folder's: a view) keeps what it shows,
  // unless the reader changed how it is shown (the data-saver switch: its server does not count a
  // script's fetch as a visit, http/page-visit.ts).
  if (!evenIfKept && document.querySelector("[data-no-refresh]")) return;
  const fetched = await fetchPage(window.location.href);
  if (!fetched) return; // Offline or the server restarting: the next change will try again.
  const { response, page: next } = fetched;
  const regions = (doc: Document) => new Map([...doc.querySelectorAll<HTMLElement>("[data-refresh]")].map((e) => [e.dataset.refresh, e]));
  const current = regions(document);
  const fresh = regions(next);
  const sameRegions = current.size === fresh.size && [...current.keys()].every((name) => fresh.has(name));
  // The page's title follows too (the site name is in it, and settings change it).
  if (next.title && next.title !== document.title) document.title = next.title;
  if (!response.ok || !sameRegions) {
    // Another page at this address (maintenance began or ended): its whole body, in place. Not a
    // page load: the live-updates stream opened before maintenance stays open (a new one is
    // refused while it lasts), and hears when it ends.
    const body = document.importNode(next.body, true);
    rememberRegions(body);
    document.body.replaceWith(body);
    enhance(body);
    return;
  }
  for (const [name, element] of current) {
    const copy = fresh.get(name);
    if (!copy || copy.outerHTML === served.get(element)) continue;
    const markup = copy.outerHTML;
    if (merges.some((merge) => merge(element, copy))) {
      served.set(element, markup);
      continue;
    }
    served.set(replaceRegion(element, copy), markup);
  }
}
