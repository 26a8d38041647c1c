import type { Category } from "~/lib/categories";
import type { DocumentLanguage } from "~/lib/document-language";
import { CARD_PER, type ListData, type ListItemExtras, readListQuery } from "~/lib/document-query";
import type { FeedLink } from "~/lib/feeds";
import { fileTypeLabel } from "~/lib/file-names";
import type { AppContext } from "../context";
import { feedLinks } from "../feeds/feed-links";
import { listPublicDocuments } from "./listing";
import { type PublicCardItem, type PublicListItem, toPublicCardItem, toPublicListItem } from "./public-shapes";

/**
 * What the public list routes load: the state their address asks for, one page of results and
 * the facet counts. Reports, guidelines and standards send the spec's list items with the
 * document's language; the library its cards' fields (the items go to the browser too: only what the cards show).
 * Each also names the feeds of its current state, for the page's head (decision 0034).
 */

/** The text view's address for a card (marking the search words), when text was read from the file. */
function textOffer(id: string, chars: number, q: string): ListItemExtras["text"] {
  if (chars === 0) return null;
  return { href: `/document/${id}/text${q ? `?q=${encodeURIComponent(q)}` : ""}`, chars };
}

/** A category's list page (reports, guidelines, standards): the category is the page's own. */
export async function loadCategoryList(
  ctx: AppContext,
  request: Request,
  category: Category,
): Promise<ListData<PublicListItem & { language: DocumentLanguage }> & { feeds: FeedLink[] }> {
  const query = readListQuery(new URL(request.url).searchParams, { per: CARD_PER, category: false });
  const { page, facets } = await listPublicDocuments(ctx, query, { category });
  return {
    query,
    facets,
    feeds: feedLinks(request, query, category),
    page: {
      ...page,
      items: page.items.map((doc) => ({
        ...toPublicListItem(doc),
        language: doc.language,
        snippet: doc.snippet,
        snippetPlace: doc.snippetPlace,
        thumbnail: doc.thumbnail,
        fileType: fileTypeLabel(doc.file_ext),
        text: textOffer(doc.id, doc.textChars, query.q),
      })),
    },
  };
}

/** The document library: the category is one of its facets. */
export async function loadLibrary(ctx: AppContext, request: Request): Promise<ListData<PublicCardItem> & { feeds: FeedLink[] }> {
  const query = readListQuery(new URL(request.url).searchParams, { per: CARD_PER, category: true });
  const { page, facets } = await listPublicDocuments(ctx, query);
  return {
    query,
    facets,
    feeds: feedLinks(request, query),
    page: {
      ...page,
      items: page.items.map((doc) => ({
        ...toPublicCardItem(doc),
        snippet: doc.snippet,
        snippetPlace: doc.snippetPlace,
        thumbnail: doc.thumbnail,
        fileType: fileTypeLabel(doc.file_ext),
        text: textOffer(doc.id, doc.textChars, query.q),
      })),
    },
  };
}
