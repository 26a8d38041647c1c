/**
 * The one decision whether a redirect target taken from a request stays on this site. Every
 * redirect to an address a request carries (a form's `redirectTo` or `returnTo`, the sign-in
 * page's `?redirectTo=`) goes through `localPath`.
 */

/** A stand-in origin: a target is local when, resolved against it, it stays on it. */
const PROBE_ORIGIN = "http://portal.invalid";

/**
 * Backslashes (browsers read `/\evil.example` as `//evil.example`), and tab, CR, LF and every other
 * control character (the URL parser removes tab, CR and LF wherever they are: `/<TAB>/evil.example`
 * becomes `//evil.example`; CR and LF would also split a header).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const UNSAFE_CHARACTER = /[\\\u0000-\u001f\u007f]/;

/**
 * True when `target` is a path of this site: it starts with one "/", holds no backslash or control
 * character, and its path holds none percent-encoded either (`/%09/x`, `/%5C/x`, `/%2F/x`: a proxy
 * or a client may decode the path before reading it; in the query they are only data); resolved
 * against a stand-in origin, it stays on it. Absolute URLs (`https://x`, `javascript:x`),
 * scheme-relative ones (`//x`) and relative paths are refused.
 */
export function isLocalPath(target: string): boolean {
  if (!target.startsWith("/") || target.startsWith("//") || UNSAFE_CHARACTER.test(target)) return false;
  let path: string;
  try {
    path = decodeURIComponent(target.split(/[?#]/, 1)[0] ?? "");
  } catch {
    return false;
  }
  if (path.startsWith("//") || UNSAFE_CHARACTER.test(path)) return false;
  try {
    return new URL(target, PROBE_ORIGIN).origin === PROBE_ORIGIN && new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** `target` when it is a local path, else `fallback`. */
export function localPath(target: FormDataEntryValue | string | null | undefined, fallback: string): string {
  return typeof target === "string" && isLocalPath(target) ? target : fallback;
}

/** After sign-in (and the share-link forms): a local admin path, never the sign-in, sign-out or setup pages. */
export function safeAdminRedirect(target: string | null | undefined): string {
  const path = localPath(target, "/admin");
  if (!/^\/admin(?:[/?#]|$)/.test(path)) return "/admin";
  if (/^\/admin\/(?:login|logout|setup)(?:[/?#]|$)/.test(path)) return "/admin";
  return path;
}

/**
 * The page a form was sent from (path and query), read from its Referer when that is a page of
 * this site; else null. For a switch whose form must not repeat the page's own address: on a
 * "not found" page that address can be a draft's (decision 0030).
 */
export function refererPath(request: Request): string | null {
  const referer = request.headers.get("referer");
  if (!referer || !URL.canParse(referer)) return null;
  const from = new URL(referer);
  if (from.origin !== new URL(request.url).origin) return null;
  const path = from.pathname + from.search;
  return isLocalPath(path) ? path : null;
}
