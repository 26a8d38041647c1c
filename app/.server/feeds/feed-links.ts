import type { Category } from "~/lib/categories";
import type { DocumentFilters } from "~/lib/document-query";
import { FEED_FORMATS, type FeedLink, feedHref } from "~/lib/feeds";
import { i18nFor, requestLanguage } from "../i18n/i18n";
import { feedTitle } from "./feed.service";

/**
 * The feeds a list page offers in its head (`<link rel="alternate">`): the Atom and RSS feeds of
 * the page's current state, named in the reader's language from the server's catalogue (the page
 * sends the titles as data, so the public catalogue does not grow). `category` is the page's own
 * (reports, guidelines, standards); the library's is among its filters.
 */
export function feedLinks(request: Request, filters: DocumentFilters, category: Category | null = null): FeedLink[] {
  const language = requestLanguage(request);
  const title = feedTitle({ ...filters, category: category ?? filters.category }, i18nFor(language));
  return FEED_FORMATS.map((format) => ({
    format,
    href: feedHref(format, filters, category, language),
    title: `${title} (${format === "atom" ? "Atom" : "RSS"})`,
  }));
}
