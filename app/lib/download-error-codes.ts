/**
 * Why a file route refused, shared by the server (which answers) and the download buttons (which
 * say so). The texts are the spec's download failures (public-portal section 8). A refusal
 * carries its reason in a header as well as in its plain-text body, because the button asks with
 * HEAD (light on a slow link) and a HEAD answer has no body (lib/browser-download.ts asks). Free
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
