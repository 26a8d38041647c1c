import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * Why a file route refused, shared by the server (which answers) and the download button (which
 * says so). The texts are the spec's download failures (public-portal section 8). A refusal
 * carries its reason in a header as well as in its plain-text body, because the button asks with
 * HEAD (light on a slow link) and a HEAD answer has no body.
 */
export const DOWNLOAD_ERROR_HEADER = "X-Download-Error";

export const DOWNLOAD_ERRORS = {
  "not-found": "Document not found",
  "file-missing": "Document file not found",
  expired: "This link has expired. Reload the page for a new one.",
} as const;

export type DownloadErrorCode = keyof typeof DOWNLOAD_ERRORS;

/** DOWNLOAD_ERRORS as the download button says them, in the reader's language. */
const DOWNLOAD_ERROR_MESSAGES: Record<DownloadErrorCode, MessageDescriptor> = {
  "not-found": msg`Document not found`,
  "file-missing": msg`Document file not found`,
  expired: msg`This link has expired. Reload the page for a new one.`,
};

function isCode(value: string | null): value is DownloadErrorCode {
  return value !== null && Object.hasOwn(DOWNLOAD_ERRORS, value);
}

/** The description of a failed download: the reason the server gave, else the spec's text for the status. */
export function downloadFailure(status: number, code: string | null, i18n: I18n): string {
  if (isCode(code)) return i18n._(DOWNLOAD_ERROR_MESSAGES[code]);
  if (status === 404) return i18n._(DOWNLOAD_ERROR_MESSAGES["not-found"]);
  return i18n._(msg`HTTP error! status: ${status}`);
}
