import type { AppContext } from "../context";
import { iso } from "../time";
import { clearFileMissing, setFileMissing } from "./documents.queries";

/**
 * Documents whose row is there but whose stored file is gone (issue 9 item 14). Each time a
 * download, a preview or the check pass looks at the storage anyway, the answer is kept in
 * documents.file_missing_at, so the admin table can mark those rows from the database alone.
 */

/** A download or preview found the document's file gone. */
export function markFileMissing(ctx: AppContext, documentId: string): Promise<void> {
  ctx.log.warn({ documentId }, "stored file of a document is missing");
  return setFileMissing(ctx.db.kysely, [documentId], iso(ctx.now()));
}

/** A download found the file of a document marked missing: it is back (restored from a backup). */
export function markFileFound(ctx: AppContext, documentId: string): Promise<void> {
  return clearFileMissing(ctx.db.kysely, [documentId]);
}

/** The hooks for fileResponse: writes only when the answer differs from what the row says. */
export function fileMissingHooks(ctx: AppContext, doc: { id: string; file_missing_at: string | null }) {
  return {
    onMissing: doc.file_missing_at === null ? () => markFileMissing(ctx, doc.id) : undefined,
    onFound: doc.file_missing_at === null ? undefined : () => markFileFound(ctx, doc.id),
  };
}

/**
 * What the check pass (`portal check`, file-check/) found: marks the documents whose file is gone
 * (or, with --repair, damaged), and clears the mark of those found whole again.
 */
export async function recordFileCheck(ctx: AppContext, found: { missing: string[]; present: string[] }): Promise<void> {
  await setFileMissing(ctx.db.kysely, found.missing, iso(ctx.now()));
  await clearFileMissing(ctx.db.kysely, found.present);
}
