import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/**
 * A dashboard's page (routes/public/dashboard-view.tsx) frames the dashboard only when asked: it
 * can weigh megabytes. Without JavaScript "Load dashboard" is a link to the page with ?load=1;
 * with it a button that puts the frame (inert in its template until then) in place, without a
 * second page load, and moves focus to it (the button that had focus is gone).
 */
export function enhanceDashboardEmbed(root: ParentNode): void {
  for (const placeholder of unbound<HTMLElement>(root, "[data-dashboard-embed]", bound)) {
    const link = placeholder.querySelector<HTMLAnchorElement>("a[data-dashboard-load]");
    const frame = placeholder.querySelector<HTMLTemplateElement>("template[data-dashboard-frame]")?.content.firstElementChild;
    if (!link || !(frame instanceof HTMLIFrameElement)) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = link.className;
    button.append(...link.childNodes);
    link.replaceWith(button);
    button.addEventListener("click", () => {
      const iframe = document.importNode(frame, true);
      placeholder.replaceWith(iframe);
      iframe.focus();
    });
  }
}
