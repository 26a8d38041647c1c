import { msg } from "@lingui/core/macro";
import { serverI18n } from "../i18n/i18n";

/**
 * Requests no browser sends, refused with a 4xx before any route sees them (issue 12, item 5):
 * each of these used to reach a route and end in a 500 (on PostgreSQL a NUL in an id is an
 * error of the database; without a Host the app cannot build the request's address).
 */

export interface ShapeRefusal {
  status: 400 | 415;
  message: string;
}

// Control characters (NUL, CR, LF, tab...) have no place in a path.
// biome-ignore lint/suspicious/noControlCharactersInRegex: those are what it looks for.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** For every request: a Host to build its address from, and a path that decodes to no control character. */
export function requestShapeRefusal(request: { host: string | undefined; path: string }): ShapeRefusal | null {
  if (!request.host) return { status: 400, message: serverI18n()._(msg`Bad Request: the Host header is missing.`) };
  let path: string;
  try {
    path = decodeURIComponent(request.path);
  } catch {
    return { status: 400, message: serverI18n()._(msg`Bad Request: the address is not valid.`) };
  }
  if (CONTROL.test(path)) return { status: 400, message: serverI18n()._(msg`Bad Request: the address is not valid.`) };
  return null;
}

/**
 * The address with every NUL of its query replaced by U+FFFD (the replacement character): a
 * search or a filter is text, and PostgreSQL refuses a NUL in a query (a 500 on the admin log
 * filters). The replacement keeps the text's meaning: it separates words as the NUL did, and a
 * filter value that held one still matches nothing. The path is left alone: a NUL there is
 * refused by requestShapeRefusal.
 */
export function withQueryNulReplaced(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q) + url.slice(q).replace(/%00/gi, "%EF%BF%BD");
}

/**
 * A request of no body and no type (a bare POST, as a script's `fetch` sends it) is an empty
 * form: actions read it as one instead of failing on `formData()`.
 */
export const EMPTY_FORM_TYPE = "application/x-www-form-urlencoded";

/** The body types the portal's forms send (no route reads JSON). */
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * For a request with a body to a route that takes no file: a type the routes read. (Malformed
 * form bodies are caught by formGuard in the app, which can read them without consuming them.)
 */
export function bodyTypeRefusal(request: { method: string; contentType: string | undefined; hasBody: boolean }): ShapeRefusal | null {
  if (request.method === "GET" || request.method === "HEAD") return null;
  if (!request.hasBody && !request.contentType) return null; // an empty form: see emptyFormType
  const type = (request.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (FORM_TYPES.includes(type)) return null;
  return { status: 415, message: serverI18n()._(msg`Unsupported Media Type: send the form as the portal's pages do.`) };
}
