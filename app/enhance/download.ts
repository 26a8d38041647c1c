import { checkDownload, startBrowserDownload } from "~/lib/browser-download";
import type { DownloadErrorCode } from "~/lib/download-error-codes";
import { texts } from "./texts";
import { toast } from "./toast";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

type Texts = "failed" | "started" | "startedDescription" | "network" | "notFound" | "fileMissing" | "expired" | "http";
const REASON_TEXT: Record<DownloadErrorCode, Texts> = { "not-found": "notFound", "file-missing": "fileMissing", expired: "expired" };

/** The failure's description, in the page's words; null when the download would work. */
async function failure(href: string, say: Record<Texts, string>): Promise<string | null> {
  const check = await checkDownload(href);
  if (check.ok) return null;
  if ("network" in check) return say.network;
  return check.reason ? say[REASON_TEXT[check.reason]] : say.http.replace("{status}", String(check.status));
}

/**
 * The download links of a page that does not hydrate (`a[data-download]`,
 * components/documents/download-button.tsx). Without JavaScript a plain link to the file; here it
 * first checks that the file is there, says so in the spec's toasts, and keeps the link busy
 * (spinner, repeated clicks ignored) while it works. Modified clicks (new tab, save link as) keep
 * the browser's own behaviour.
 */
export function enhanceDownloads(root: ParentNode): void {
  for (const link of unbound<HTMLAnchorElement>(root, "a[data-download]", bound)) {
    let busy = false;
    link.addEventListener("click", async (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      if (busy) return;
      busy = true;
      const say = texts<Texts>("download");
      const icon = link.querySelector("svg");
      const spinner = document
        .querySelector<HTMLTemplateElement>("template[data-download-spinner]")
        ?.content.firstElementChild?.cloneNode(true);
      if (icon && spinner instanceof SVGElement) icon.replaceWith(spinner);
      link.setAttribute("aria-busy", "true");
      link.setAttribute("aria-disabled", "true");
      link.classList.add("cursor-wait", "opacity-60");
      try {
        const failed = await failure(link.href, say);
        if (failed) toast.error(say.failed, { description: failed });
        else {
          startBrowserDownload(link.href);
          toast.success(say.started, { description: say.startedDescription });
        }
      } finally {
        busy = false;
        if (icon && spinner instanceof SVGElement) spinner.replaceWith(icon);
        link.removeAttribute("aria-busy");
        link.removeAttribute("aria-disabled");
        link.classList.remove("cursor-wait", "opacity-60");
      }
    });
  }
}
