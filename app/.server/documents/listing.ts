import { canonicalCategory } from "~/lib/categories";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import {
  countDocuments,
  countPublishedByCategory,
  type DocumentFilter,
  selectDocuments,
  selectPublishedInFolder,
} from "./documents.queries";
import { type PublicDocument, type PublicListItem, toPublicDocument, toPublicListItem } from "./public-shapes";

/** Lists and counts of documents: the public lists, the admin table, the home page's cards. */

export interface ListQuery {
  q?: string | null;
  category?: string | null;
  limit?: number;
}

/** Published documents, newest first, filtered by the spec's case-insensitive substring search. */
export async function listPublishedDocuments(ctx: AppContext, query: ListQuery = {}): Promise<PublicDocument[]> {
  const filter: DocumentFilter = { publishedOnly: true, limit: query.limit };
  const q = query.q?.trim().toLowerCase();
  if (q) filter.q = q;
  if (query.category && query.category !== "All") {
    const category = canonicalCategory(query.category);
    // An unknown category matches nothing rather than everything.
    filter.categories = [category ?? "__none__"];
  }
  return (await selectDocuments(ctx.db.kysely, filter)).map(toPublicDocument);
}

/** Published documents of a category (any spelling; unknown gives none), searched, newest first. */
export async function listPublicListItems(ctx: AppContext, query: ListQuery = {}): Promise<PublicListItem[]> {
  return (await listPublishedDocuments(ctx, query)).map(toPublicListItem);
}

/** Every document, for the admin table. */
export function listAllDocuments(ctx: AppContext): Promise<DocumentRow[]> {
  return selectDocuments(ctx.db.kysely, { publishedOnly: false });
}

export function documentCount(ctx: AppContext): Promise<number> {
  return countDocuments(ctx.db.kysely);
}

/** Published documents per canonical category, and in all (the home page's category cards). */
export async function publishedCounts(ctx: AppContext): Promise<{ total: number; byCategory: Record<string, number> }> {
  const rows = await countPublishedByCategory(ctx.db.kysely);
  const byCategory = Object.fromEntries(rows.map((r) => [r.category, r.n]));
  return { total: rows.reduce((sum, r) => sum + r.n, 0), byCategory };
}

/** The published documents of a folder, ordered by title (admin-and-sharing section 7). */
export async function listPublishedInFolder(ctx: AppContext, folderId: string): Promise<PublicDocument[]> {
  return (await selectPublishedInFolder(ctx.db.kysely, folderId)).map(toPublicDocument);
}
