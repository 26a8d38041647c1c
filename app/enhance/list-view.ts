import { fetchPage, keepLiveRegion, mergeRegionsWith, replaceRegion } from "./page-refresh";
import { enhance } from "./parts";
import { texts } from "./texts";
import { toast } from "./toast";

/**
 * A public document list on a page that does not hydrate (decision 0038; components/documents/
 * list-page.tsx and the library). The server's page is the list in the state its address names,
 * one page of items; every control works without JavaScript as a link or a GET form. Here the
 * list changes in place instead: the list's next address is fetched as a page (page-refresh.ts)
 * and the parts of the list marked `data-list-region` are put in place of the page's, so what
 * the reader is doing elsewhere (typing in the search box, an open facet panel) is left alone.
 *
 * - "show": another state of the list (a search, a facet, the sort, Back and Forward between
 *   them): its regions replace the page's.
 * - "append" ("Load more"): the next page's items go below those shown, the rest is the next
 *   page's; the address names the last page shown.
 * - "refresh" (every 60 s, on becoming visible, live updates): the page the address names is
 *   loaded again and its items replace those of the last page shown; the pages above it stay.
 *
 * Each `<li>` of the items says its page (`data-page`) and document (`data-id`: a document that
 * moved between pages shows where it was first seen). The pages above the last are kept for
 * the history entry in the tab's session storage, so that Back from a document shows them again
 * (components/documents/load-more.tsx says why).
 */

/** The spec's refresh period for the public lists (public-portal section 9). */
export const LIST_REFRESH_MS = 60_000;

type ListText = "loading" | "errorTitle" | "error" | "showing" | "pages";
export type ListMode = "show" | "append" | "refresh";

export interface ShowOptions {
  /** How the address follows: a new history entry, the current one replaced, or none (Back and Forward). */
  history?: "push" | "replace";
  /** The search box keeps what is in it (live search: the reader may have typed on); else it shows the list's words. */
  keepWords?: boolean;
  /** The pages kept for the history entry go back above the fetched one (Back and Forward). */
  restore?: boolean;
}

/** The list of the page (one at most), and the address it lives at. */
export function listRoot(): HTMLElement | null {
  return document.querySelector<HTMLElement>("[data-list]");
}

/** The change of state under way ("show" or "append"); a newer one cancels it, a refresh waits for it. */
let loading: AbortController | null = null;
let refreshing = false;

/** The list is changing state: the caller's refresh would only repeat it. */
export function listBusy(): boolean {
  return loading !== null || refreshing;
}

/** Shows the list at `url` (the page's own list's address, another state of it) as `mode` says. */
export async function showList(url: string, mode: ListMode, options: ShowOptions = {}): Promise<void> {
  const root = listRoot();
  if (!root) return;
  const own = new AbortController();
  if (mode === "refresh") {
    if (listBusy()) return;
    refreshing = true;
  } else {
    loading?.abort();
    loading = own;
  }
  const status = root.querySelector("[data-list-status]");
  const shownStatus = status?.textContent ?? "";
  const say = texts<ListText>("list");
  if (mode !== "refresh" && status) status.textContent = say.loading;
  try {
    const fetched = await fetchPage(url, own.signal);
    if (own.signal.aborted) return; // A newer state was asked for: it says what to show.
    const fresh = fetched?.page.querySelector<HTMLElement>("[data-list]");
    const answer = fetched?.response;
    if (!answer || answer.status >= 500) {
      // Offline (and not on the device) or the server failing: the list stays, with the page's error.
      if (status?.isConnected) status.textContent = shownStatus;
      toast.error(say.errorTitle, { description: say.error });
      return;
    }
    const at = new URL(answer.url || url, window.location.href);
    if (!answer.ok || !fresh || fresh.dataset.list !== root.dataset.list || at.pathname !== root.dataset.list) {
      // Not this list any more (another page, a redirect, maintenance): shown as the page it is.
      window.location.assign(answer.redirected ? answer.url : url);
      return;
    }
    const address = at.pathname + at.search;
    const above = pagesAbove(root, fresh, mode, options.restore ? keptFor(historyEntry(), listKey(address)) : null);
    const firstNew = mergeList(root, fresh, above, options.keepWords ?? false);
    syncHead(fetched.page);
    if (options.history === "push") window.history.pushState({ listEntry: newEntry() }, "", address);
    else if (options.history === "replace")
      window.history.replaceState({ ...window.history.state, listEntry: historyEntry() }, "", address);
    keepPages(historyEntry(), listKey(address), root);
    if (mode === "append") firstNew?.querySelector("a")?.focus();
  } finally {
    if (loading === own) loading = null;
    if (mode === "refresh") refreshing = false;
  }
}

/** The items to keep above the fetched page's: none unless its page follows on from them. */
function pagesAbove(root: HTMLElement, fresh: HTMLElement, mode: ListMode, kept: string[] | null): Element[] {
  const freshPage = pageOf(fresh.querySelector("ul[data-list-items] > li"));
  const items = [...(root.querySelector("ul[data-list-items]")?.children ?? [])];
  const last = pageOf(items.at(-1) ?? null);
  if (freshPage === null) return [];
  if (mode === "append") return last === freshPage - 1 ? items : [];
  if (mode === "refresh") return last === freshPage ? items.filter((li) => pageOf(li) !== last) : [];
  if (!kept) return [];
  const restored = parseItems(kept);
  return pageOf(restored.at(-1) ?? null) === freshPage - 1 ? restored : [];
}

function pageOf(item: Element | null): number | null {
  const page = Number((item as HTMLElement | null)?.dataset.page);
  return Number.isInteger(page) && page > 0 ? page : null;
}

function parseItems(markup: string[]): Element[] {
  const template = document.createElement("template");
  template.innerHTML = markup.join("");
  return [...template.content.children];
}

/**
 * Puts the fresh list's regions in place of the page's, with `above` before the fresh items.
 * Returns the first item the fresh page added (for the focus after "Load more").
 */
function mergeList(root: HTMLElement, fresh: HTMLElement, above: Element[], keepWords: boolean): Element | null {
  let firstNew: Element | null = null;
  for (const region of root.querySelectorAll<HTMLElement>("[data-list-region]")) {
    const name = region.dataset.listRegion ?? "";
    const copy = fresh.querySelector<HTMLElement>(`[data-list-region="${CSS.escape(name)}"]`);
    if (!copy) continue;
    if (name !== "results") {
      if (copy.outerHTML !== region.outerHTML) replaceRegion(region, copy);
      continue;
    }
    const adopted = document.importNode(copy, true);
    // The facet panel stays open, and the status line is the same element (keepLiveRegion).
    for (const details of region.querySelectorAll<HTMLDetailsElement>("details[data-key]")) {
      const twin = adopted.querySelector<HTMLDetailsElement>(`details[data-key="${CSS.escape(details.dataset.key ?? "")}"]`);
      if (twin) twin.open = details.open;
    }
    keepLiveRegion(region.querySelector("[data-list-status]"), adopted.querySelector("[data-list-status]"));
    const items = adopted.querySelector("ul[data-list-items]");
    if (items && above.length > 0) {
      const ids = new Set(above.map((li) => (li as HTMLElement).dataset.id));
      for (const li of [...items.children]) if (ids.has((li as HTMLElement).dataset.id)) li.remove();
      firstNew = items.firstElementChild;
      items.prepend(...above);
      recount(adopted, items);
    }
    replaceRegion(region, adopted);
  }
  if (!keepWords) {
    // The list's words changed some other way (Back, a chip removed): the box follows them.
    const input = root.querySelector<HTMLInputElement>('form[data-live-search] input[name="q"]');
    const words = fresh.querySelector<HTMLInputElement>('form[data-live-search] input[name="q"]')?.defaultValue;
    if (input && words !== undefined && input.value !== words) input.value = words;
  }
  return firstNew;
}

/**
 * The lines that count what is shown, once pages were put above the server's one: "Showing 48
 * of 56", "Pages 1–2 of 3", and Previous going before the first page shown.
 */
function recount(results: Element, items: Element): void {
  const say = texts<ListText>("list");
  const first = pageOf(items.firstElementChild);
  const last = pageOf(items.lastElementChild);
  const showing = results.querySelector<HTMLElement>("[data-showing]");
  if (showing && say.showing) {
    showing.textContent = fill(say.showing, { shown: String(items.children.length), total: showing.dataset.total ?? "" });
  }
  const status = results.querySelector("[data-pager-status]");
  const pageCount = results.querySelector<HTMLElement>("[data-load-more]")?.dataset.pageCount ?? "";
  if (first === null || last === null || first >= last || !status || !say.pages) return;
  status.textContent = fill(say.pages, { first: String(first), page: String(last), pageCount });
  const previous = results.querySelector<HTMLElement>("[data-pager-prev]");
  if (!previous) return;
  if (first === 1) {
    const none = document.createElement("span");
    none.dataset.pagerPrev = "";
    previous.replaceWith(none);
  } else if (previous instanceof HTMLAnchorElement) {
    // The list's address of the page before the first shown (lib/document-query.ts: page 1 names none).
    const href = new URL(previous.href);
    if (first - 1 > 1) href.searchParams.set("page", String(first - 1));
    else href.searchParams.delete("page");
    previous.href = href.pathname + href.search;
  }
}

/** A text the page gave with `{name}` placeholders, filled in. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (all, name: string) => values[name] ?? all);
}

/** The head's links that follow the list's state (its feeds, decision 0034) and the title. */
function syncHead(page: Document): void {
  const selector = 'link[rel="alternate"], link[rel="canonical"]';
  for (const link of document.head.querySelectorAll(selector)) link.remove();
  document.head.append(...[...page.head.querySelectorAll(selector)].map((link) => document.importNode(link, true)));
  if (page.title) document.title = page.title;
}

/* The pages kept per history entry, for Back. */

/** Session storage: per history entry of a list, the items of the pages "Load more" added above its last. */
const KEPT_PAGES = "cccm:list-pages";
/** History entries remembered: Back is taken a few steps at most. */
const KEPT_ENTRIES = 5;

interface KeptPages {
  entry: string;
  /** The list's address without its page: pages of another state are never mixed. */
  key: string;
  items: string[];
}

function newEntry(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** This history entry's name (given to it when the list first saw it). */
export function historyEntry(): string {
  const state: unknown = window.history.state;
  const entry = typeof state === "object" && state !== null ? (state as { listEntry?: unknown }).listEntry : undefined;
  if (typeof entry === "string") return entry;
  const named = newEntry();
  window.history.replaceState({ ...(typeof state === "object" ? state : {}), listEntry: named }, "");
  return named;
}

function listKey(address: string): string {
  const url = new URL(address, window.location.href);
  url.searchParams.delete("page");
  return url.pathname + url.search;
}

function readKept(): KeptPages[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEPT_PAGES) ?? "[]");
    return Array.isArray(value) ? (value as KeptPages[]) : [];
  } catch {
    return []; // storage refused (privacy settings) or unreadable: nothing kept
  }
}

/** The items kept above the last page for history entry `entry` of the list `key`. */
function keptFor(entry: string, key: string): string[] | null {
  return readKept().find((k) => k.entry === entry && k.key === key)?.items ?? null;
}

/** Keeps the items above the last page shown for history entry `entry` (the newest entries only). */
function keepPages(entry: string, key: string, root: HTMLElement): void {
  const items = [...(root.querySelector("ul[data-list-items]")?.children ?? [])];
  const last = pageOf(items.at(-1) ?? null);
  const above = items.filter((li) => pageOf(li) !== last);
  const all = readKept();
  const kept = all.filter((k) => k.entry !== entry);
  // Nothing above and nothing kept for this entry (most lists, and every refresh of one): nothing to write.
  if (above.length === 0 && kept.length === all.length) return;
  if (above.length > 0) kept.push({ entry, key, items: above.map((li) => li.outerHTML) });
  try {
    sessionStorage.setItem(KEPT_PAGES, JSON.stringify(kept.slice(-KEPT_ENTRIES)));
  } catch {
    // Full or refused: Back shows the last page only, as a reload does.
  }
}

/**
 * Back (or Forward) to a list's history entry loads its page whole, the last page shown alone:
 * the pages kept for the entry go back above it, before the browser puts the reader back where
 * they were. A reload, or a link, opens the page the address names.
 */
export function restoreKeptPages(root: HTMLElement): void {
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.type !== "back_forward") return;
  const items = root.querySelector("ul[data-list-items]");
  const kept = keptFor(historyEntry(), listKey(window.location.href));
  const results = root.querySelector('[data-list-region="results"]');
  if (!items || !kept || !results) return;
  const above = parseItems(kept);
  const page = pageOf(items.firstElementChild);
  if (page === null || pageOf(above.at(-1) ?? null) !== page - 1) return;
  const ids = new Set(above.map((li) => (li as HTMLElement).dataset.id));
  for (const li of [...items.children]) if (ids.has((li as HTMLElement).dataset.id)) li.remove();
  items.prepend(...above);
  recount(results, items);
  for (const li of above) enhance(li);
}

/* Refreshing. */

let refreshStarted = false;

/**
 * Every 60 s, and when the tab becomes visible again, the list's address is loaded again
 * (public-portal sections 2 and 9); a failure keeps the list and says so. Live updates refresh
 * the page (page-refresh.ts): its main region, when it holds the list, is merged the same way.
 * Back and Forward between the list's states (its own history entries) show each again.
 */
export function startListRefresh(): void {
  if (refreshStarted) return;
  refreshStarted = true;
  const refresh = () => {
    if (document.visibilityState === "hidden" || !listRoot()) return;
    void showList(window.location.href, "refresh");
  };
  window.setInterval(refresh, LIST_REFRESH_MS);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") refresh();
  });
  mergeRegionsWith((region, copy) => {
    const current = region.querySelector<HTMLElement>("[data-list]");
    const fresh = copy.querySelector<HTMLElement>("[data-list]");
    if (!current || !fresh || current.dataset.list !== fresh.dataset.list) return false;
    // A change of state under way shows newer data than this; else the last page is refreshed in place.
    if (!listBusy()) mergeList(current, fresh, pagesAbove(current, fresh, "refresh", null), true);
    return true;
  });
  window.addEventListener("popstate", () => {
    const root = listRoot();
    if (!root) return;
    if (window.location.pathname !== root.dataset.list) window.location.reload();
    else void showList(window.location.href, "show", { restore: true });
  });
}
