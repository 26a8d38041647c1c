import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Engine } from "../db/client";
import type { Database, FileContentsRow, TextUnit } from "../db/types";
import { insertJob } from "../jobs/jobs.queries";
import { removePageEntries, writePageEntries } from "../search/page-index";
import { noteDocumentChange } from "../search/search-index";

/** The job kind that reads one stored file (payload `{ fileKey }`). */
export const READ_FILE_JOB = "read-file";

export interface StoredFileRef {
  fileKey: string;
  documentId: string;
  /** The attachment the file belongs to, or null for the document's own file. */
  attachmentId: string | null;
}

/**
 * Queues a stored file for reading: its `file_contents` row (queued) and the job that reads it.
 * Run in the transaction that writes the file's document or attachment row, so a file is never
 * stored without being queued, nor queued without its row.
 */
export async function queueFileReading(db: Kysely<Database>, file: StoredFileRef, now: string): Promise<void> {
  await db
    .insertInto("file_contents")
    .values({ file_key: file.fileKey, document_id: file.documentId, attachment_id: file.attachmentId, status: "queued", created_at: now })
    .onConflict((oc) => oc.column("file_key").doNothing())
    .execute();
  await insertJob(db, {
    id: randomUUID(),
    kind: READ_FILE_JOB,
    payload: readFilePayload(file.fileKey),
    status: "queued",
    run_at: now,
    created_at: now,
  });
}

export async function selectFileContents(db: Kysely<Database>, fileKey: string): Promise<FileContentsRow | undefined> {
  return db.selectFrom("file_contents").selectAll().where("file_key", "=", fileKey).executeTakeFirst();
}

/** What reading a file gave, as stored. */
export interface Reading {
  status: "done" | "failed";
  reason: string | null;
  pageCount: number | null;
  /** What each entry of `pages` is (null when nothing was read). */
  unit: TextUnit | null;
  /** The text of each page, in order (page 1 first); empty when nothing was read. */
  pages: readonly string[];
  truncated: boolean;
  thumbnail: { key: string; width: number; height: number; size: number; sha256: string } | null;
}

/** The key of a page row: the file's key and the page number, zero-padded so keys sort in page order. */
export function pageId(fileKey: string, page: number): string {
  return `${fileKey}#${String(page).padStart(6, "0")}`;
}

/**
 * Stores what reading a file gave, replacing any earlier reading: its pages and their search
 * entries, its status, and advances the search version (a search finds the new words at once).
 * Returns the replaced thumbnail's key (for the caller to remove from storage once committed),
 * or false when the file's row is gone (its document or attachment was deleted meanwhile).
 */
export async function saveReading(
  db: Kysely<Database>,
  engine: Engine,
  fileKey: string,
  reading: Reading,
  now: string,
): Promise<{ replacedThumbnail: string | null } | false> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("file_contents")
      .select(["document_id", "thumbnail_key"])
      .where("file_key", "=", fileKey)
      .executeTakeFirst();
    if (!row) return false;
    await removePageEntries(trx, engine, { fileKey });
    await trx.deleteFrom("file_text_pages").where("file_key", "=", fileKey).execute();
    const pages = reading.pages.map((text, i) => ({
      id: pageId(fileKey, i + 1),
      file_key: fileKey,
      document_id: row.document_id,
      page: i + 1,
      text,
    }));
    const nonEmpty = pages.filter((p) => p.text.trim() !== "");
    // A batch at a time: a 5,000-page file must not become one statement with 25,000 parameters.
    for (let i = 0; i < nonEmpty.length; i += 200)
      await trx
        .insertInto("file_text_pages")
        .values(nonEmpty.slice(i, i + 200))
        .execute();
    await writePageEntries(trx, engine, nonEmpty);
    await trx
      .updateTable("file_contents")
      .set({
        status: reading.status,
        reason: reading.reason,
        page_count: reading.pageCount,
        text_unit: reading.unit,
        text_chars: nonEmpty.reduce((sum, p) => sum + p.text.length, 0),
        text_truncated: reading.truncated ? 1 : 0,
        thumbnail_key: reading.thumbnail?.key ?? null,
        thumbnail_width: reading.thumbnail?.width ?? null,
        thumbnail_height: reading.thumbnail?.height ?? null,
        thumbnail_size: reading.thumbnail?.size ?? null,
        thumbnail_sha256: reading.thumbnail?.sha256 ?? null,
        processed_at: now,
      })
      .where("file_key", "=", fileKey)
      .execute();
    await noteDocumentChange(trx, row.document_id);
    const replaced = row.thumbnail_key !== null && row.thumbnail_key !== (reading.thumbnail?.key ?? null) ? row.thumbnail_key : null;
    return { replacedThumbnail: replaced };
  });
}

/** Marks files queued again (for `portal reprocess`), each with a new job; returns how many. */
export async function requeueFiles(db: Kysely<Database>, which: "failed" | "all", now: string): Promise<number> {
  let queued = 0;
  let after = "";
  for (;;) {
    let query = db.selectFrom("file_contents").select(["file_key"]).where("file_key", ">", after).orderBy("file_key").limit(500);
    if (which === "failed") query = query.where("status", "=", "failed");
    const rows = await query.execute();
    if (rows.length === 0) return queued;
    await db.transaction().execute(async (trx) => {
      const keys = rows.map((r) => r.file_key);
      await trx.updateTable("file_contents").set({ status: "queued" }).where("file_key", "in", keys).execute();
      for (const key of keys) {
        await insertJob(trx, {
          id: randomUUID(),
          kind: READ_FILE_JOB,
          payload: readFilePayload(key),
          status: "queued",
          run_at: now,
          created_at: now,
        });
      }
    });
    queued += rows.length;
    after = rows[rows.length - 1]!.file_key;
  }
}

/** How many files wait to be read, and how many jobs are queued or running for them. */
export async function countQueuedReadings(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from jobs where kind = ${READ_FILE_JOB} and status in ('queued', 'running')`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Before an attachment's row is deleted (its file_contents and pages go with it by foreign key):
 * removes its pages' search entries and advances the version, so its words stop finding the
 * document at once. Returns the thumbnail keys to remove from storage once committed.
 */
export async function forgetAttachmentContents(db: Kysely<Database>, engine: Engine, attachmentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("file_contents")
    .select(["file_key", "document_id", "thumbnail_key"])
    .where("attachment_id", "=", attachmentId)
    .execute();
  for (const row of rows) {
    await removePageEntries(db, engine, { fileKey: row.file_key });
    await noteDocumentChange(db, row.document_id);
  }
  return rows.flatMap((r) => (r.thumbnail_key ? [r.thumbnail_key] : []));
}

/** The thumbnails of a document's files (its own and its attachments'), to remove with it. */
export async function thumbnailKeysOfDocument(db: Kysely<Database>, documentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("file_contents")
    .select("thumbnail_key")
    .where("document_id", "=", documentId)
    .where("thumbnail_key", "is not", null)
    .execute();
  return rows.flatMap((r) => (r.thumbnail_key ? [r.thumbnail_key] : []));
}

/** The reading of each given document's own file (not its attachments'), by document id. */
export async function selectOwnFileContents(db: Kysely<Database>, documentIds: readonly string[]): Promise<Map<string, FileContentsRow>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("file_contents as c")
    .innerJoin("documents as d", (join) => join.onRef("d.id", "=", "c.document_id").onRef("d.file_path", "=", "c.file_key"))
    .selectAll("c")
    .where("c.document_id", "in", [...documentIds])
    .execute();
  return new Map(rows.map((r) => [r.document_id, r]));
}

/**
 * Drops the waiting read-file jobs of files whose rows are being deleted (in the same
 * transaction), so no job outlives its file. A file being read right now is left to its reader,
 * which finds the row gone and stores nothing.
 */
export async function dropQueuedReadings(db: Kysely<Database>, fileKeys: readonly string[]): Promise<void> {
  if (fileKeys.length === 0) return;
  await db
    .deleteFrom("jobs")
    .where("kind", "=", READ_FILE_JOB)
    .where("status", "=", "queued")
    .where(
      "payload",
      "in",
      fileKeys.map((fileKey) => readFilePayload(fileKey)),
    )
    .execute();
}

/** The payload of the job that reads one file (written and matched in this one form). */
function readFilePayload(fileKey: string): string {
  return JSON.stringify({ fileKey });
}
