import { tabKeyTarget } from "~/lib/tab-keys";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/**
 * The tabs of a page that does not hydrate (components/ui/tabs.tsx): the server sends every panel
 * under its heading, as a page without JavaScript shows them; here they become tabs, with the
 * attributes the hydrated component renders (WAI-ARIA tabs pattern: click, arrow keys, Home, End).
 */
export function enhanceTabs(root: ParentNode): void {
  for (const container of unbound<HTMLElement>(root, "[data-tabs=off]", bound)) {
    const tablist = container.querySelector<HTMLElement>("[role=tablist]");
    const tabs = [...(tablist?.querySelectorAll<HTMLButtonElement>("[role=tab]") ?? [])];
    const panels = tabs.map((tab) => document.getElementById(tab.getAttribute("aria-controls") ?? ""));
    if (!tablist || tabs.length === 0 || panels.some((panel) => !panel)) continue;
    const select = (index: number, focus: boolean) => {
      tabs.forEach((tab, i) => {
        tab.setAttribute("aria-selected", String(i === index));
        tab.tabIndex = i === index ? 0 : -1;
        const panel = panels[i];
        if (panel) panel.hidden = i !== index;
      });
      if (focus) tabs[index]?.focus();
    };
    for (const panel of panels) {
      if (!panel) continue;
      panel.setAttribute("role", "tabpanel");
      panel.setAttribute("aria-labelledby", panel.dataset.tabLabel ?? "");
      panel.tabIndex = 0;
    }
    tabs.forEach((tab, index) => {
      tab.addEventListener("click", () => select(index, false));
      tab.addEventListener("keydown", (event) => {
        const next = tabKeyTarget(event.key, index, tabs.length);
        if (next === null) return;
        event.preventDefault();
        select(next, true);
      });
    });
    select(
      Math.max(
        0,
        tabs.findIndex((tab) => tab.getAttribute("aria-selected") === "true"),
      ),
      false,
    );
    tablist.hidden = false;
    container.dataset.tabs = "on";
  }
}
