import { LIVE_SEARCH_DELAY_MS } from "./live-search";
import { fetchPage, keepLiveRegion, refreshPage, replaceRegion } from "./page-refresh";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();
/** The address whose list is shown: back and forward fetch another one's. */
let shown = "";
let listening = false;
let inFlight: AbortController | undefined;

/**
 * The dashboards page (routes/public/dashboards.tsx) works as a GET form and links. With
 * JavaScript the list follows the filters as they change (typing after a pause), and the chips and
 * layout links change it without a page load: the page of the new address is fetched, its list
 * (`data-dashboards-results`) takes the old one's place and the address follows (typing replaces
 * the history entry, the rest adds one). Fields are set to the new address's values, except the
 * one being typed in. "Refresh" fetches the page again in place. The fetch, the replacement and the
 * count's live region are page-refresh.ts's, as the document lists' (list-view.ts) are.
 */
export function enhanceDashboardFilters(root: ParentNode): void {
  for (const page of unbound<HTMLElement>(root, "[data-dashboards]", bound)) {
    const form = page.querySelector<HTMLFormElement>("form[data-dashboards-filters]");
    if (!form) continue;
    if (!listening) window.addEventListener("popstate", onHistory);
    listening = true;
    shown = location.href;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = (replace: boolean) => {
      clearTimeout(timer);
      void show(formAddress(form), replace ? "replace" : "push");
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      apply(false);
    });
    form.addEventListener("input", (event) => {
      if ((event.target as HTMLInputElement).name !== "q") return;
      clearTimeout(timer);
      timer = setTimeout(() => apply(true), LIVE_SEARCH_DELAY_MS);
    });
    form.addEventListener("change", (event) => {
      if (event.target instanceof HTMLSelectElement) apply(false);
    });
    page.addEventListener("click", (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest<HTMLAnchorElement>("a[href]");
      if (!link || !page.contains(link)) return;
      if (link.matches("[data-dashboards-refresh]")) {
        event.preventDefault();
        link.setAttribute("aria-busy", "true");
        void refreshPage().finally(() => link.removeAttribute("aria-busy"));
      } else if (link.closest("[data-dashboards-results]") && new URL(link.href).pathname === location.pathname) {
        // A chip or a layout link: this page with another query.
        event.preventDefault();
        void show(link.href, "push");
      }
    });
  }
}

/** The form's address as the server's links write it: empty fields left out. */
function formAddress(form: HTMLFormElement): string {
  const url = new URL(form.action);
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string" && value !== "") params.set(name, value);
  url.search = params.toString();
  return url.href;
}

function onHistory(): void {
  if (location.href !== shown && document.querySelector("[data-dashboards]")) void show(location.href, "none");
}

async function show(address: string, history: "push" | "replace" | "none"): Promise<void> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const fetched = await fetchPage(address, controller.signal);
  if (controller.signal.aborted) return; // A newer change took over.
  // The page as it is now: a live update may have refreshed it meanwhile.
  const page = document.querySelector<HTMLElement>("[data-dashboards]");
  const fresh = fetched?.response.ok ? fetched.page.querySelector<HTMLElement>("[data-dashboards]") : null;
  const results = page?.querySelector("[data-dashboards-results]");
  const freshResults = fresh?.querySelector("[data-dashboards-results]");
  if (!page || !fresh || !results || !freshResults) {
    // Offline (the worker answers a page load), the server failing, or another page: loaded whole.
    location.assign(address);
    return;
  }
  if (history === "push") window.history.pushState(null, "", address);
  if (history === "replace") window.history.replaceState(null, "", address);
  shown = location.href;

  const adopted = document.importNode(freshResults, true);
  keepLiveRegion(results.querySelector("[data-dashboards-count]"), adopted.querySelector("[data-dashboards-count]"));
  replaceRegion(results, adopted);

  const refresh = page.querySelector("[data-dashboards-refresh]");
  const freshRefresh = fresh.querySelector("[data-dashboards-refresh]");
  if (refresh && freshRefresh) refresh.setAttribute("href", freshRefresh.getAttribute("href") ?? "");
  const form = page.querySelector<HTMLFormElement>("form[data-dashboards-filters]");
  const freshForm = fresh.querySelector<HTMLFormElement>("form[data-dashboards-filters]");
  if (form && freshForm) syncFields(form, freshForm);
}

/**
 * The fields take the new address's values (a chip removed, back): the server's form says them.
 * The field being typed in is left alone: its text may already be ahead of the last answer.
 */
function syncFields(form: HTMLFormElement, fresh: HTMLFormElement): void {
  for (const hidden of form.querySelectorAll("input[type=hidden]")) hidden.remove();
  form.prepend(...[...fresh.querySelectorAll("input[type=hidden]")].map((hidden) => document.importNode(hidden, true)));
  for (const freshField of fresh.querySelectorAll<HTMLInputElement | HTMLSelectElement>("input[name]:not([type=hidden]), select[name]")) {
    const field = form.elements.namedItem(freshField.name);
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || field === document.activeElement) continue;
    // The providers offered may have changed (one only in the address is still listed).
    if (field instanceof HTMLSelectElement && freshField instanceof HTMLSelectElement && choices(field) !== choices(freshField)) {
      field.replaceChildren(...[...freshField.children].map((option) => document.importNode(option, true)));
    }
    if (field.value !== freshField.value) field.value = freshField.value;
  }
}

const choices = (select: HTMLSelectElement) => [...select.options].map((option) => `${option.value}\n${option.text}`).join("\n");
