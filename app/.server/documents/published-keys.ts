import type { AppContext } from "../context";
import {
  countPublishedDocuments,
  type PublishedKey,
  type PublishedStamp,
  selectPublishedAfter,
  selectPublishedKeyAt,
} from "./sitemap.queries";

export type { PublishedKey, PublishedStamp };

/**
 * Every published document's address and last change, for the sitemap (decision 0032): a count,
 * and pages read by key in the order (created_at, id), so that the oldest keep their place in
 * the sitemap's files and new ones join the last. Drafts never appear: every statement asks for
 * `published = 1`.
 */
export function publishedDocumentCount(ctx: AppContext): Promise<number> {
  return countPublishedDocuments(ctx.db.kysely);
}

/**
 * Where a walk that starts at `offset` begins: after the key of the document before it (`after`
 * null: from the first), or null when there are not that many published documents (any more).
 */
export async function publishedStart(ctx: AppContext, offset: number): Promise<{ after: PublishedKey | null } | null> {
  if (offset <= 0) return { after: null };
  const before = await selectPublishedKeyAt(ctx.db.kysely, offset - 1);
  return before ? { after: before } : null;
}

/** The next page of published documents after `after` (null: the first page). */
export function publishedAfter(ctx: AppContext, after: PublishedKey | null, limit: number): Promise<PublishedStamp[]> {
  return selectPublishedAfter(ctx.db.kysely, after, limit);
}
