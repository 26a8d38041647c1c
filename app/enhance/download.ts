import { DOWNLOAD_ERROR_HEADER, type DownloadErrorCode, downloadFailureCode } from "~/lib/download-error-codes";
import { texts } from "./texts";
import { toast } from "./toast";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

type Texts = "failed" | "started" | "startedDescription" | "network" | "notFound" | "fileMissing" | "expired" | "http";
const REASON_TEXT: Record<DownloadErrorCode, Texts> = { "not-found": "notFound", "file-missing": "fileMissing", expired: "expired" };

/**
 * A HEAD request asks whether the download would work without fetching it: a few hundred bytes on
 * a slow link, and the server counts only GETs. The server checks the stored file for a HEAD too,
 * and names what is wrong in a header (a HEAD answer has no body). Null when it would work.
 */
async function failure(href: string, say: Record<Texts, string>): Promise<string | null> {
  try {
    const response = await fetch(href, { method: "HEAD", cache: "no-store", credentials: "same-origin" });
    if (response.ok) return null;
    const reason = downloadFailureCode(response.status, response.headers.get(DOWNLOAD_ERROR_HEADER));
    return reason ? say[REASON_TEXT[reason]] : say.http.replace("{status}", String(response.status));
  } catch {
    return say.network;
  }
}

/** Hands the file to the browser's own download manager: streamed to disk, resumable, never held in memory. */
function startBrowserDownload(href: string): void {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
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
