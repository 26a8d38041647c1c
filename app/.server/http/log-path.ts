/**
 * The path a log line may carry: what was asked for, never a secret it carried. Redacted:
 *
 * - the token of a share link, `/shared/document/<token>` and `/shared/folder/<token>` (also their
 *   `.data` requests; the document form may carry an id, it is redacted all the same);
 * - every query value but those of paging, sorting and view choices (KEPT_QUERY_VALUES): the
 *   invitation and first-admin `token`, the file links' signature, search words, redirect targets
 *   and URLs all become `[redacted]`. Parameter names stay, so a line still says what kind of
 *   request it was.
 */

export const REDACTED = "[redacted]";

/** Query parameters whose values are safe and useful to read in a log. */
const KEPT_QUERY_VALUES = new Set(["page", "per", "sort", "category", "period", "part", "v", "dialog", "load", "index", "_routes"]);

/** Path segments after which the next one is a share token. */
const TOKEN_AFTER = new Set(["document", "folder"]);

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** A line must stay a line: long paths are cut. */
const MAX_LENGTH = 512;

function lowerDecoded(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/** `/shared/folder/<token>[.data]` with the token redacted; routes match without regard to case. */
function redactShareTokens(pathname: string): string {
  const segments = pathname.split("/");
  const named = segments.map((s, i) => ({ s, i })).filter(({ s }) => s !== "");
  for (let n = 0; n + 2 < named.length; n++) {
    const [shared, kind, token] = [named[n], named[n + 1], named[n + 2]];
    if (!shared || !kind || !token) continue;
    if (lowerDecoded(shared.s) !== "shared" || !TOKEN_AFTER.has(lowerDecoded(kind.s))) continue;
    segments[token.i] = token.s.toLowerCase().endsWith(".data") ? `${REDACTED}.data` : REDACTED;
  }
  return segments.join("/");
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      if (eq === -1) return name;
      return KEPT_QUERY_VALUES.has(lowerDecoded(name)) ? pair : `${name}=${REDACTED}`;
    })
    .join("&");
}

/** A request's URL (path and query, as received) made fit for a log line. */
export function loggablePath(url: string): string {
  const q = url.indexOf("?");
  const pathname = redactShareTokens(q === -1 ? url : url.slice(0, q));
  const query = q === -1 ? "" : redactQuery(url.slice(q + 1));
  // Control characters (refused requests may carry them) would let a client draw on a terminal.
  const path = (query ? `${pathname}?${query}` : pathname).replace(CONTROL, "\uFFFD");
  return path.length > MAX_LENGTH ? `${path.slice(0, MAX_LENGTH)}…` : path;
}
