import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import { incrementDownloadCount, incrementViewCount } from "./documents.queries";

/** Views and downloads: a counter on the document (one statement, no race) and an activity row per event. */

/**
 * One download: download_count + 1 and a DOCUMENT_DOWNLOADED activity row, the per-day record
 * the admin analytics count downloads over time from.
 */
export async function countDownload(ctx: AppContext, id: string): Promise<void> {
  const title = await incrementDownloadCount(ctx.db.kysely, id);
  if (title === null) return;
  await logActivity(ctx, { action: "DOCUMENT_DOWNLOADED", entityType: "DOCUMENT", entityId: id, details: { title } });
}

/**
 * One view of a document: view_count + 1 in one statement and a
 * VIEW_DOCUMENT activity row (public-portal section 7). Returns the new count.
 */
export async function recordDocumentView(ctx: AppContext, doc: { id: string; title: string }, meta?: RequestMeta): Promise<number | null> {
  const count = await incrementViewCount(ctx.db.kysely, doc.id);
  if (count === null) return null;
  await logActivity(ctx, { action: "VIEW_DOCUMENT", entityType: "content", entityId: doc.id, details: { title: doc.title }, meta });
  return count;
}
