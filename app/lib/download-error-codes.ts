/**
 * Why a file route refused, shared by the server (which answers) and the download buttons (which
 * say so). The texts are the spec's download failures (public-portal section 8). A refusal
 * carries its reason in a header as well as in its plain-text body, because the button asks with
 * HEAD (light on a slow link) and a HEAD answer has no body. The buttons' check and hand-over to
 * the browser are here too, for both buttons: the admin portal's React one
 * (components/documents/download-button.tsx) and the public pages' (app/enhance/download.ts). Free
 * of any translation; download-errors.ts says it in the reader's language.
 */
export const DOWNLOAD_ERROR_HEADER = "X-Download-Error";

export const DOWNLOAD_ERRORS = {
  "not-found": "Document not found",
  "file-missing": "Document file not found",
  expired: "This link has expired. Reload the page for a new one.",
} as const;

export type DownloadErrorCode = keyof typeof DOWNLOAD_ERRORS;

function isCode(value: string | null): value is DownloadErrorCode {
  return value !== null && Object.hasOwn(DOWNLOAD_ERRORS, value);
}

/** The reason of a refusal: the one the server named, else "not-found" for a 404; null for any other status. */
export function downloadFailureCode(status: number, code: string | null): DownloadErrorCode | null {
  if (isCode(code)) return code;
  return status === 404 ? "not-found" : null;
}

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
