import { showList } from "./list-view";
import { unbound } from "./unbound";

/** How long typing pauses before the address (and the server's answer) follows. */
export const LIVE_SEARCH_DELAY_MS = 300;

const bound = new WeakSet<Element>();

/**
 * Live search over a list's server-rendered GET search form (list-search-form.tsx). The box is
 * the reader's while they type; after a pause the address is replaced with the list's for those
 * words and the server's answer is shown (list-view.ts: a page in hand is not the whole result,
 * so the browser never filters it itself: decision 0015). The box itself is never replaced, so
 * its focus, caret and whatever was typed meanwhile stay; the address stays shareable and Back is
 * not flooded with keystrokes. Pressing Enter (or Search) shows the words at once, as a new
 * history entry, as the form without JavaScript does. Words typed before this script ran (a slow
 * link) are searched for as soon as it does.
 */
export function enhanceLiveSearch(root: ParentNode): void {
  for (const form of unbound<HTMLFormElement>(root, "form[data-live-search]", bound)) {
    const input = form.querySelector<HTMLInputElement>('input[name="q"]');
    if (!input) continue;
    /** The list's state: the words it shows and its address for other words (replaced as the list changes). */
    const state = () => form.querySelector<HTMLElement>('[data-list-region="search-state"]')?.dataset ?? {};
    const hrefFor = (q: string): string | undefined => {
      const { href, hrefEmpty } = state();
      if (!q || !href) return hrefEmpty;
      const url = new URL(href, window.location.href);
      url.searchParams.set("q", q);
      return url.pathname + url.search;
    };
    /** The words last asked for, and the list's words when they were. */
    let sent = state().q ?? "";
    let seen = sent;
    let timer: number | undefined;
    const search = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        // The list's words changed since (an answer came, Back, a chip removed): those were the last asked for.
        const shown = state().q ?? "";
        if (shown !== seen) sent = seen = shown;
        const q = input.value.trim();
        if (q === sent) return;
        sent = q;
        const href = hrefFor(q);
        if (href) void showList(href, "show", { history: "replace", keepWords: true });
      }, LIVE_SEARCH_DELAY_MS);
    };
    input.addEventListener("input", search);
    form.addEventListener("submit", (event) => {
      window.clearTimeout(timer);
      const q = input.value.trim();
      const href = hrefFor(q);
      if (!href) return;
      event.preventDefault();
      sent = q;
      void showList(href, "show", { history: "push", keepWords: true });
    });
    if (input.value.trim() !== sent) search();
  }
}
