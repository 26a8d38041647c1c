import type { AppContext } from "../context";
import { iso } from "../time";
import { clearFileMissing, type StoredFileRow, selectStoredFilesPage, setFileMissing } from "./documents.queries";

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

export interface MissingFile {
  id: string;
  title: string;
  filePath: string;
}

export interface StoredFilesReport {
  /** Documents that have a stored file, all looked at. */
  checked: number;
  /** Those whose file the storage does not have, by title. */
  missing: MissingFile[];
}

/** Rows read at a time: bounded memory at any number of documents. */
const PAGE = 500;
/** Storage lookups in flight at once: quick on S3, gentle on a disk. */
const CONCURRENCY = 8;

/**
 * The check pass (`portal check`): asks the storage about every document's file, page by page,
 * and brings every row's mark up to date (set when gone, cleared when back).
 */
export async function checkStoredFiles(ctx: AppContext): Promise<StoredFilesReport> {
  const missing: MissingFile[] = [];
  let checked = 0;
  let afterId: string | null = null;
  for (;;) {
    const rows: StoredFileRow[] = await selectStoredFilesPage(ctx.db.kysely, afterId, PAGE);
    if (!rows.length) break;
    const present = await mapLimited(rows, CONCURRENCY, async (row) => (await ctx.storage.stat(row.file_path)) !== null);
    const gone = rows.filter((_, i) => !present[i]);
    await setFileMissing(
      ctx.db.kysely,
      gone.map((r) => r.id),
      iso(ctx.now()),
    );
    await clearFileMissing(
      ctx.db.kysely,
      rows.filter((r, i) => present[i] && r.file_missing_at !== null).map((r) => r.id),
    );
    missing.push(...gone.map((r) => ({ id: r.id, title: r.title, filePath: r.file_path })));
    checked += rows.length;
    afterId = rows[rows.length - 1]!.id;
  }
  missing.sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  return { checked, missing };
}

/** Maps `items` through `fn` with at most `limit` calls running at once, keeping the order. */
async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
