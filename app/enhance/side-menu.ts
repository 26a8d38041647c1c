import { sideMenuCookie } from "~/lib/side-menu-cookie";
import { texts } from "./texts";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/**
 * The library's side menu (components/layout/side-menu.tsx): without JavaScript its toggle posts
 * a form and the page comes back in the other state; here the toggle, and ctrl or meta + b
 * anywhere on the page, change it in place (the aside's `data-open` styles it) and the cookie
 * keeps the choice for the server's next render.
 */
export function enhanceSideMenu(root: ParentNode): void {
  for (const aside of unbound<HTMLElement>(root, "aside[data-side-menu]", bound)) {
    const form = aside.querySelector<HTMLFormElement>("form[data-side-menu-toggle]");
    const button = form?.querySelector<HTMLButtonElement>("button");
    if (!form || !button) continue;
    const set = (open: boolean) => {
      const label = texts<"collapse" | "expand">("side-menu")[open ? "collapse" : "expand"];
      aside.dataset.open = String(open);
      button.setAttribute("aria-expanded", String(open));
      if (label) {
        button.setAttribute("aria-label", label);
        button.title = label;
      }
      const next = form.querySelector<HTMLInputElement>('input[name="open"]');
      if (next) next.value = String(!open);
      for (const link of aside.querySelectorAll<HTMLElement>("a[data-title]")) {
        if (open) link.removeAttribute("title");
        else link.title = link.dataset.title ?? "";
      }
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers our readers use
      document.cookie = sideMenuCookie(open);
    };
    const toggle = () => set(aside.dataset.open === "false");
    button.setAttribute("aria-expanded", String(aside.dataset.open !== "false"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      toggle();
    });
    window.addEventListener("keydown", (event) => {
      if (!aside.isConnected || event.key.toLowerCase() !== "b" || !(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      toggle();
    });
  }
}
