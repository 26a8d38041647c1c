import type { AppContext } from "~/.server/context";
import type { DocumentRow } from "~/.server/db/types";
import { listDocuments, listPublicDocuments } from "~/.server/documents/documents.service";
import { canonicalCategory } from "~/lib/categories";
import { type DocumentListQuery, listQuery, PER_MAX } from "~/lib/document-query";

/** Lists for tests: the largest page, so small fixtures come back whole. */

type Change = Omit<Partial<DocumentListQuery>, "category"> & { category?: string };

function query(change: Change): DocumentListQuery {
  const { category, ...rest } = change;
  return listQuery({ per: PER_MAX, ...rest, category: category ? canonicalCategory(category) : null });
}

/** The published documents a public list shows for `change`, in their public shape. */
export async function publishedDocuments(ctx: AppContext, change: Change = {}) {
  return (await listPublicDocuments(ctx, query(change))).page.items;
}

/** Every document (drafts included) as the admin table lists them, newest first. */
export async function allDocuments(ctx: AppContext, change: Change = {}): Promise<DocumentRow[]> {
  return (await listDocuments(ctx, { query: query(change), scope: "staff" })).page.items.map((i) => i.row);
}
