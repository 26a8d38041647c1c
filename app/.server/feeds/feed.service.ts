import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { categoryLabel } from "~/lib/category-names";
import { contentSize } from "~/lib/document-meta";
import { type DocumentFilters, isFiltered, listHref, listQuery, readListQuery } from "~/lib/document-query";
import { type FeedFormat, feedHref } from "~/lib/feeds";
import { downloadExtension, fileTypeLabel } from "~/lib/file-names";
import { listPageOf } from "~/lib/list-pages";
import { mimeForExtension } from "~/lib/mime";
import { documentShareUrl } from "~/lib/share";
import { SITE_NAME } from "~/lib/site";
import type { AppContext } from "../context";
import { listDocuments } from "../documents/listing";

/**
 * What a feed says (issue 15 item 2, decision 0034), whatever its format: the newest published
 * documents of a list's state (the same service and filters as the public lists, so drafts are
 * never in it), at most FEED_ENTRIES, with the feed's own texts in the reader's language. The
 * formats are written by atom.ts and rss.ts.
 */

/** Entries per feed: readers poll a feed for what is new, not for the library. */
export const FEED_ENTRIES = 50;

export interface FeedEntry {
  /** The document page's absolute address: the entry's stable id and its link. */
  url: string;
  title: string;
  /** The description as stored, then the file's type and size ("PDF, 2.4 MB"); null when neither exists. */
  summary: string | null;
  /** The stored category and its name in the feed's language. */
  category: { term: string; label: string };
  /** RFC 3339 times (ISO 8601 in UTC). */
  published: string;
  updated: string;
  /** The download, when the document has a file. */
  enclosure: { url: string; length: number; type: string } | null;
}

export interface Feed {
  title: string;
  subtitle: string;
  /** The feed's own address in each format (absolute). */
  self: Record<FeedFormat, string>;
  /** The list page showing the same documents (absolute). */
  page: string;
  /** The newest change of its entries, or the time it was written when it has none. */
  updated: string;
  /** BCP 47 tag of the feed's own texts. */
  language: string;
  entries: FeedEntry[];
}

/** The list a feed follows, as a name in the feed's language. */
export function listName(filters: DocumentFilters, i18n: I18n): string {
  const category = filters.category;
  const own = listPageOf(category);
  const list = own ? i18n._(own.title) : category ? categoryLabel(category, i18n) : i18n._(msg`Latest Publications`);
  const words = filters.q;
  if (words) return i18n._(msg`${list}: “${words}”`);
  const { q: _q, category: _category, ...facets } = filters;
  return isFiltered({ ...facets, q: "", category: null }) ? i18n._(msg`${list} (filtered)`) : list;
}

/** The list page that shows the feed's documents (a category's own page, else the library). */
function pagePath(filters: DocumentFilters): string {
  const own = listPageOf(filters.category);
  const query = listQuery({ ...filters, category: own ? null : filters.category });
  return listHref(own?.path ?? "/documents", query, {}, query.per);
}

/** "CCCM Somalia: Reports", "CCCM Somalia: Latest publications: “floods”". */
export function feedTitle(filters: DocumentFilters, i18n: I18n): string {
  return `${SITE_NAME}: ${listName(filters, i18n)}`;
}

function rfc3339(value: string, fallback: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? fallback : new Date(time).toISOString();
}

/**
 * The feed of a list state read from a feed's address (the lists' own reader: the category from
 * `category`, any facet, the words), newest first.
 */
export async function readFeed(ctx: AppContext, params: URLSearchParams, origin: string, i18n: I18n): Promise<Feed> {
  const asked = readListQuery(params, { per: FEED_ENTRIES, category: true });
  const query = { ...asked, sort: "newest" as const, page: 1, per: FEED_ENTRIES };
  const { sort: _sort, page: _page, per: _per, ...filters } = query;
  const { page } = await listDocuments(ctx, { query, scope: "public", facets: false });
  const now = ctx.now().toISOString();
  const language = i18n.locale;
  const entries = page.items.map(({ row }): FeedEntry => {
    const created = rfc3339(row.created_at, now);
    const extension = row.file_path ? downloadExtension(row) : null;
    const fileLine =
      extension && row.size !== null ? `${fileTypeLabel(extension) ?? extension.toUpperCase()}, ${contentSize(row.size)}` : null;
    const description = row.description?.trim() || null;
    return {
      url: documentShareUrl(origin, row.id),
      title: row.title,
      summary: [description, fileLine].filter(Boolean).join("\n\n") || null,
      category: { term: row.category, label: categoryLabel(row.category, i18n) },
      published: created,
      updated: rfc3339(row.updated_at, created),
      enclosure:
        extension && row.size !== null
          ? {
              url: new URL(`/api/documents/${encodeURIComponent(row.id)}/download`, origin).href,
              length: row.size,
              type: row.mime_type || mimeForExtension(extension),
            }
          : null,
    };
  });
  const updated = entries.reduce<string | null>((newest, e) => (newest === null || e.updated > newest ? e.updated : newest), null) ?? now;
  const lang = params.get("lang");
  const self = (format: FeedFormat) => new URL(feedHref(format, filters, null, lang ?? undefined), origin).href;
  return {
    title: feedTitle(filters, i18n),
    subtitle: i18n._(msg`The newest documents published by the CCCM cluster in Somalia.`),
    self: { atom: self("atom"), rss: self("rss") },
    page: new URL(pagePath(filters), origin).href,
    updated,
    language,
    entries,
  };
}
