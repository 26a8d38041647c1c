import { historyEntry, restoreKeptPages, showList, startListRefresh } from "./list-view";
import { unbound } from "./unbound";

const lists = new WeakSet<Element>();
const sorts = new WeakSet<Element>();
const dates = new WeakSet<Element>();
const loadMores = new WeakSet<Element>();
let restored = false;

/**
 * A document list's controls on a page that does not hydrate (list-view.ts): links to the list's
 * other states (facet options, category buttons, chips: inside `data-list-links`) change it in
 * place with a new history entry, as a click on them did in the hydrated page, so the facet panel
 * stays open and the page where it was. A click that opens elsewhere (a new tab) is the browser's.
 * The first time the page's list is seen, the pages kept for Back go back above it and the list
 * starts refreshing itself.
 */
export function enhanceLists(root: ParentNode): void {
  for (const list of unbound<HTMLElement>(root, "[data-list]", lists)) {
    historyEntry();
    if (!restored) {
      restored = true;
      restoreKeptPages(list);
    }
    startListRefresh();
    list.addEventListener("click", (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>("[data-list-links] a[href]");
      if (!link || !list.contains(link) || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || link.target) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin || url.pathname !== list.dataset.list) return;
      event.preventDefault();
      void showList(url.pathname + url.search, "show", { history: "push" });
    });
  }
}

/** The sort: choosing an order is enough (the "Sort" button, for pages without JavaScript, goes away). */
export function enhanceSortForms(root: ParentNode): void {
  for (const form of unbound<HTMLFormElement>(root, "form[data-sort-form]", sorts)) {
    const select = form.querySelector("select");
    const button = form.querySelector<HTMLButtonElement>("[data-sort-button]");
    if (!select) continue;
    if (button) button.hidden = true;
    const go = () => {
      const href = select.selectedOptions[0]?.dataset.href;
      if (href) void showList(href, "show", { history: "push" });
    };
    select.addEventListener("change", go);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      go();
    });
  }
}

/**
 * The facet panel's dates: submitted in place, to the list's address without empty fields (the
 * form's `data-href` is the list without dates; the dates go where lib/document-query.ts puts
 * them, before the sort). Each field's bound follows the other (no "to" before "from").
 */
export function enhanceDateRanges(root: ParentNode): void {
  for (const form of unbound<HTMLFormElement>(root, "form[data-date-range]", dates)) {
    const from = form.querySelector<HTMLInputElement>('input[name="from"]');
    const to = form.querySelector<HTMLInputElement>('input[name="to"]');
    if (!from || !to) continue;
    const bound = () => {
      to.min = from.value;
      from.max = to.value;
    };
    from.addEventListener("input", bound);
    to.addEventListener("input", bound);
    form.addEventListener("submit", (event) => {
      const base = form.dataset.href;
      if (!base) return;
      event.preventDefault();
      const url = new URL(base, window.location.href);
      const params = [...url.searchParams];
      const at = params.findIndex(([name]) => ["sort", "per", "page"].includes(name));
      const added = (["from", "to"] as const).flatMap((name): Array<[string, string]> => {
        const value = (name === "from" ? from : to).value;
        return value ? [[name, value]] : [];
      });
      params.splice(at < 0 ? params.length : at, 0, ...added);
      const search = new URLSearchParams(params).toString();
      void showList(search ? `${url.pathname}?${search}` : url.pathname, "show", { history: "push" });
    });
  }
}

/**
 * "Load more": shown (it needs JavaScript), it appends the next page (list-view.ts); busy while
 * that loads (aria-disabled, not disabled: the keyboard focus stays on it), a repeat press does
 * nothing. The focus then goes to the first item it brought.
 */
export function enhanceLoadMore(root: ParentNode): void {
  for (const block of unbound<HTMLElement>(root, "[data-load-more]", loadMores)) {
    block.hidden = false;
    const button = block.querySelector<HTMLButtonElement>("button[data-href]");
    if (!button) continue;
    button.addEventListener("click", () => {
      const href = button.dataset.href;
      if (!href || button.getAttribute("aria-disabled") === "true") return;
      button.setAttribute("aria-disabled", "true");
      const spinner = button.querySelector<HTMLElement>("[data-busy]");
      if (spinner) spinner.hidden = false;
      void showList(href, "append", { history: "replace" }).finally(() => {
        // Still there when the next page could not be loaded: ready to try again.
        button.removeAttribute("aria-disabled");
        if (spinner) spinner.hidden = true;
      });
    });
  }
}
