/**
 * A download from a button, for both buttons: the admin portal's React one
 * (components/documents/download-button.tsx) and the public pages' (app/enhance/download.ts).
 * Free of any translation: each button says a failure in its own page's words.
 */
import { DOWNLOAD_ERROR_HEADER, type DownloadErrorCode, downloadFailureCode } from "./download-error-codes";

/** What a HEAD request says of a download: it would work, the server refused it (and why), or the request itself failed. */
export type DownloadCheck = { ok: true } | { ok: false; status: number; reason: DownloadErrorCode | null } | { ok: false; network: true };

/**
 * Asks whether a download would work without fetching it: a HEAD request is a few hundred bytes
 * on a slow link, and the server counts only GETs. The server checks the stored file for a HEAD
 * too, and names what is wrong in a header (a HEAD answer has no body).
 */
export async function checkDownload(href: string): Promise<DownloadCheck> {
  try {
    const response = await fetch(href, { method: "HEAD", cache: "no-store", credentials: "same-origin" });
    if (response.ok) return { ok: true };
    return {
      ok: false,
      status: response.status,
      reason: downloadFailureCode(response.status, response.headers.get(DOWNLOAD_ERROR_HEADER)),
    };
  } catch {
    return { ok: false, network: true };
  }
}

/** Hands the file to the browser's own download manager: streamed to disk, resumable, never held in memory. */
export function startBrowserDownload(href: string): void {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
