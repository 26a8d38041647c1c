/**
 * The download failures (download-error-codes.ts) in the reader's language: said by the hydrated
 * pages' download button, and written into the pages that do not hydrate for theirs
 * (components/layout/widget-texts.tsx).
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { type DownloadErrorCode, downloadFailureCode } from "./download-error-codes";

export { DOWNLOAD_ERROR_HEADER, DOWNLOAD_ERRORS, type DownloadErrorCode } from "./download-error-codes";

/** DOWNLOAD_ERRORS as the download button says them, in the reader's language. */
export const DOWNLOAD_ERROR_MESSAGES: Record<DownloadErrorCode, MessageDescriptor> = {
  "not-found": msg`Document not found`,
  "file-missing": msg`Document file not found`,
  expired: msg`This link has expired. Reload the page for a new one.`,
};

/** A download whose check got no answer (offline, the server unreachable). */
export const DOWNLOAD_NETWORK_FAILURE = msg`Failed to download document. Please try again.`;

/** The description of a failed download: the reason the server gave, else the spec's text for the status. */
export function downloadFailure(status: number, code: string | null, i18n: I18n): string {
  const reason = downloadFailureCode(status, code);
  return reason ? i18n._(DOWNLOAD_ERROR_MESSAGES[reason]) : httpFailure(status, i18n);
}

/** A refusal without a reason the reader can act on. `status` may be a placeholder ("{status}"). */
export function httpFailure(status: number | string, i18n: I18n): string {
  return i18n._(msg`HTTP error! status: ${status}`);
}
