/**
 * The sitemap protocol's XML (sitemaps.org 0.9), written as text: a file is a few fixed tags
 * around escaped addresses, streamed a page of documents at a time, so no XML library (or
 * `sitemap` package) is needed to build it (decision 0032).
 */

const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

export const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NAMESPACE}">\n`;
export const URLSET_CLOSE = "</urlset>\n";
export const INDEX_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NAMESPACE}">\n`;
export const INDEX_CLOSE = "</sitemapindex>\n";

/**
 * What XML 1.0 cannot carry at all (control characters, U+FFFE and U+FFFF): dropped, since no
 * escape exists for them and one would make the whole file unreadable. Lone surrogates become
 * U+FFFD, as a decoder would make them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Half of a surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Text for an element's content: the five entities escaped (the protocol asks for all five in a loc). */
export function escapeXml(text: string): string {
  return text
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(NOT_XML, "")
    .replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * A W3C datetime for `<lastmod>` (ISO 8601 in UTC), or null when the value is not a time: an
 * entry without a lastmod is valid, one with a wrong lastmod makes crawlers distrust them all.
 */
export function w3cDatetime(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export interface SitemapEntry {
  /** An absolute address. */
  loc: string;
  lastmod?: string | null;
}

/** One `<url>` of a urlset. */
export function urlElement({ loc, lastmod }: SitemapEntry): string {
  const time = w3cDatetime(lastmod);
  return `<url><loc>${escapeXml(loc)}</loc>${time ? `<lastmod>${time}</lastmod>` : ""}</url>\n`;
}

/** One `<sitemap>` of an index. */
export function sitemapElement({ loc, lastmod }: SitemapEntry): string {
  const time = w3cDatetime(lastmod);
  return `<sitemap><loc>${escapeXml(loc)}</loc>${time ? `<lastmod>${time}</lastmod>` : ""}</sitemap>\n`;
}
