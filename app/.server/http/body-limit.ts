import { msg } from "@lingui/core/macro";
import { serverI18n } from "../i18n/i18n";
/**
 * How large a request body may be (issue 12, item 1). Forms and JSON of the pages are a few
 * kilobytes; one 200 MB post to the sign-in page once took the server from 214 MB to 877 MB,
 * because a route reading `request.formData()` holds the whole body. So every request that is not
 * an upload is refused by its declared length before a byte of its body is read. Upload routes
 * stream their files to storage and enforce their own limits (50 MB a file) as the bytes arrive.
 */

/** The largest body a route that takes no file accepts. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** The routes that take files (a form of the page, or its `.data` request when JavaScript sends it). */
const UPLOAD_ROUTES = [
  /^\/admin\/documents$/, // single upload
  /^\/admin\/documents\/[^/]+\/edit$/, // attachments
  /^\/admin\/folders\/(?:upload|bulk-upload)$/,
  /^\/admin\/dashboards\/(?:new|[^/]+\/edit)$/, // thumbnails
];

export function isUploadRoute(pathname: string): boolean {
  const path = pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
  return UPLOAD_ROUTES.some((route) => route.test(path));
}

export interface BodyRefusal {
  status: 411 | 413;
  message: string;
}

/**
 * Why a request's body is refused before it is read, or null. A body without a declared length
 * (chunked) could be any size: routes that take no file ask for one (411); browsers always
 * declare the length of a form.
 */
export function bodyRefusal(request: {
  method: string;
  pathname: string;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
}): BodyRefusal | null {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return null;
  if (isUploadRoute(request.pathname)) return null;
  if (request.contentLength === undefined) {
    return request.transferEncoding
      ? { status: 411, message: serverI18n()._(msg`Length Required: this address takes a body of a declared length (Content-Length).`) }
      : null;
  }
  const length = Number(request.contentLength);
  if (!Number.isSafeInteger(length) || length > BODY_LIMIT_BYTES) {
    const kb = BODY_LIMIT_BYTES / 1024;
    return { status: 413, message: serverI18n()._(msg`Request too large: a form sent to this address may be at most ${kb} KB.`) };
  }
  return null;
}
