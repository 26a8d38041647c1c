import type { Category } from "./categories";
import { type DocumentFilters, listHref, listQuery } from "./document-query";
import { isLanguage, type Language } from "./i18n/languages";

/**
 * The feeds' addresses (issue 15 item 2, decision 0034): `/feeds/atom` and `/feeds/rss`, with the
 * query of the list they follow (the words, the category, the facets), written by the lists' own
 * writer (document-query.ts) so a feed and its list always mean the same documents. A feed is
 * always the newest first and has no pages: the sort, the page and its size are left out.
 * `lang` names the language of the feed's own texts, as a feed reader sends no cookie.
 * No message macro: the page's head, the Follow link and the server all use it.
 */

export const FEED_FORMATS = ["atom", "rss"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const FEED_TYPES: Record<FeedFormat, string> = {
  atom: "application/atom+xml",
  rss: "application/rss+xml",
};

/** The feed's own-language parameter (never `language`: that is the documents' language facet). */
export const FEED_LANGUAGE_PARAM = "lang";

/**
 * The feed of a list's current state: `category` is the list page's own (reports, guidelines,
 * standards), which the address of the page does not carry; the library's is in its filters.
 * `language` is the reader's, added when it is not the default one.
 */
export function feedHref(format: FeedFormat, filters: DocumentFilters, category: Category | null, language?: string): string {
  const query = listQuery({ ...filters, category: category ?? filters.category, sort: "newest" });
  const href = listHref(`/feeds/${format}`, query, {}, query.per);
  // listHref writes a sort only when it is not the default: with words, "newest" is not, and a feed is always by date.
  const url = new URL(href, "http://feed.invalid");
  url.searchParams.delete("sort");
  if (language && language !== "en" && isLanguage(language)) url.searchParams.set(FEED_LANGUAGE_PARAM, language);
  return `${url.pathname}${url.search}`;
}

/** The language a feed's address asks for, if it names one of ours. */
export function feedLanguage(params: URLSearchParams): Language | null {
  const value = params.get(FEED_LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/** A feed offered in a list page's head: composed by the page's loader (the title in the server's catalogue). */
export interface FeedLink {
  format: FeedFormat;
  href: string;
  title: string;
}

/** The head's `<link rel="alternate">` of each feed, for a route's `meta`. */
export function feedMeta(
  feeds: readonly FeedLink[] | undefined,
): Array<{ tagName: "link"; rel: string; type: string; title: string; href: string }> {
  return (feeds ?? []).map((feed) => ({
    tagName: "link",
    rel: "alternate",
    type: FEED_TYPES[feed.format],
    title: feed.title,
    href: feed.href,
  }));
}
