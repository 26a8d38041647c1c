import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/**
 * A `<details data-disclosure>` menu opens and closes without JavaScript; with it, it also closes
 * when one of its links is chosen (at once, not when the next page has arrived), on Escape (focus
 * back on its button) and on a pointer press elsewhere.
 */
export function enhanceMenus(root: ParentNode): void {
  for (const details of unbound<HTMLDetailsElement>(root, "details[data-disclosure]", bound)) {
    const close = (focusButton: boolean) => {
      if (!details.open) return false;
      details.open = false;
      if (focusButton) details.querySelector("summary")?.focus();
      return true;
    };
    details.addEventListener("click", (event) => {
      if ((event.target as Element).closest("nav a")) close(false);
    });
    details.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && close(true)) event.preventDefault();
    });
    document.addEventListener("pointerdown", (event) => {
      if (details.isConnected && !details.contains(event.target as Node)) close(false);
    });
  }
}
