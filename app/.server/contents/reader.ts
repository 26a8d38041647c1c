import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AppContext } from "../context";
import { type ExtractInput, type ExtractionResult, extractFile } from "../extraction/extract";
import { FAILURE_REASONS, type FailureReason } from "../extraction/result";
import { claimDueJobs, deleteJob, type JobRow, releaseJob } from "../jobs/jobs.queries";
import { WORKER } from "../jobs/worker";
import { generateStorageKey, StorageNotFoundError } from "../storage";
import { addMs, iso, MINUTE } from "../time";
import { forgetPendingFiles, storePendingFile } from "../uploads/pending-files";
import { READ_FILE_JOB, type Reading, saveReading, selectFileContents } from "./contents.queries";
import { selectFileOwner } from "./owner.queries";
import { makeReadCopyDir } from "./read-copies";

/**
 * The file reader (issue 11, decision 0020): takes `read-file` jobs one at a time, copies the
 * stored file to a temporary file, reads it in a child process with time and memory limits
 * (extract.ts), stores its text, pages and thumbnail (contents.queries.ts), and tells open pages.
 * Every instance runs one; jobs are claimed so each file is read by one of them (SKIP LOCKED on
 * PostgreSQL). A file that cannot be read still ends with a status and a reason, and stays
 * published and downloadable: reading never touches the document itself.
 */

/** A job still "running" this long after it was taken belongs to a process that died (reading stops at about 60 s). */
const STALE_AFTER_MS = 5 * MINUTE;
/** Tries before a file that keeps failing for reasons outside it (storage away) is given up. */
const MAX_ATTEMPTS = 3;
/** How often an idle reader looks for work it was not woken for (another instance queued it). */
const POLL_MS = 5_000;

/** How a file is read: the extraction engine in a child process (tests may pass shorter limits). */
export type ReadFile = (input: ExtractInput) => Promise<ExtractionResult>;

/** What the engine found, as stored: the text by position (page 1 first), the thumbnail stored apart. */
function toReading(result: ExtractionResult): Omit<Reading, "thumbnail"> {
  const pages: string[] = [];
  for (const page of result.pages) pages[page.number - 1] = page.text;
  return {
    status: result.status,
    reason: result.reason,
    pageCount: result.pageCount,
    unit: result.unit,
    pages: Array.from(pages, (text) => text ?? ""),
    truncated: result.truncated,
  };
}

export interface ReadOptions {
  limit?: number;
  read?: ReadFile;
  /** Told of each file read (the reprocess command prints progress). */
  onRead?: (outcome: { fileKey: string; status: "done" | "failed" | "skipped"; reason: string | null }) => void;
}

/** Reads up to `limit` due files; returns how many jobs were handled (read, failed or dropped). */
export async function readDueFiles(ctx: AppContext, options: ReadOptions = {}): Promise<number> {
  const now = ctx.now();
  const jobs = await claimDueJobs(ctx.db.kysely, ctx.db.engine, {
    kind: READ_FILE_JOB,
    now: iso(now),
    staleBefore: iso(addMs(now, -STALE_AFTER_MS)),
    worker: WORKER,
    limit: options.limit ?? 1,
  });
  for (const job of jobs) await runJob(ctx, job, options);
  return jobs.length;
}

async function runJob(ctx: AppContext, job: JobRow, options: ReadOptions): Promise<void> {
  const db = ctx.db.kysely;
  let fileKey = "";
  try {
    fileKey = (JSON.parse(job.payload) as { fileKey?: string }).fileKey ?? "";
    const outcome = await readOneFile(ctx, fileKey, options.read ?? ((input) => extractFile(input)));
    await deleteJob(db, job.id);
    options.onRead?.({ fileKey, ...outcome });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const givingUp = job.attempts >= MAX_ATTEMPTS;
    ctx.log.warn(
      { err: error, fileKey, attempts: job.attempts },
      givingUp ? "file reading failed for good" : "file reading failed; retrying",
    );
    if (givingUp && fileKey) {
      await saveFailure(ctx, fileKey, FAILURE_REASONS.unreadable).catch(() => {});
    }
    await releaseJob(db, job.id, { status: givingUp ? "failed" : "queued", runAt: iso(addMs(ctx.now(), MINUTE)), error: message });
  }
}

function failure(reason: string): Reading {
  return { status: "failed", reason, pageCount: null, unit: null, pages: [], truncated: false, thumbnail: null };
}

async function saveFailure(ctx: AppContext, fileKey: string, reason: FailureReason): Promise<void> {
  await saveReading(ctx.db.kysely, ctx.db.engine, fileKey, failure(reason), iso(ctx.now()));
}

type Outcome = { status: "done" | "failed" | "skipped"; reason: string | null };

/** Reads one stored file and stores what it gave. A file whose document went meanwhile is skipped. */
async function readOneFile(ctx: AppContext, fileKey: string, read: ReadFile): Promise<Outcome> {
  const db = ctx.db.kysely;
  const contents = await selectFileContents(db, fileKey);
  const owner = contents ? await selectFileOwner(db, contents) : null;
  if (!contents || !owner) return { status: "skipped", reason: null };
  const dir = await makeReadCopyDir();
  try {
    const file = path.join(dir, `file.${owner.ext || "bin"}`);
    try {
      await pipeline(await ctx.storage.get(fileKey), (await fs.open(file, "w")).createWriteStream());
    } catch (error) {
      if (error instanceof StorageNotFoundError) {
        await saveFailure(ctx, fileKey, FAILURE_REASONS.missing);
        return { status: "failed", reason: FAILURE_REASONS.missing };
      }
      throw error;
    }
    const result = await read({ path: file, ext: owner.ext, mime: owner.mimeType });
    if (result.detail) ctx.log.info({ fileKey, status: result.status, reason: result.reason, detail: result.detail }, "file read");
    let thumbnail: Reading["thumbnail"] = null;
    if (result.thumbnail) {
      const key = generateStorageKey({ prefix: "thumbnails", originalName: "page-1.webp", now: ctx.now() });
      const stored = await storePendingFile(ctx, key, Readable.from([Buffer.from(result.thumbnail.bytes)]), { contentType: "image/webp" });
      thumbnail = { key, width: result.thumbnail.width, height: result.thumbnail.height, size: stored.size, sha256: stored.sha256 };
    }
    const saved = await saveReading(db, ctx.db.engine, fileKey, { ...toReading(result), thumbnail }, iso(ctx.now()));
    const orphans = saved === false ? [thumbnail?.key] : [saved.replacedThumbnail];
    for (const key of orphans) if (key) await ctx.storage.delete(key).catch(() => {});
    // Named by its row now, or removed: either way no crash sweep need look at it (uploads/pending-files.ts).
    if (thumbnail) await forgetPendingFiles(db, [thumbnail.key]);
    if (saved === false) return { status: "skipped", reason: null };
    ctx.events.publish({ type: "document.changed", audience: owner.published ? "public" : "staff", data: { id: contents.document_id } });
    return { status: result.status, reason: result.reason };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface FileReaderHandle {
  /** Looks for work now (after a file was queued here) rather than at the next poll. */
  wake(): void;
  /** Stops after the file being read, if any. */
  stop(): Promise<void>;
}

const readers = new WeakMap<AppContext, FileReaderHandle>();

/** Starts this instance's reader: it works through the queue, then looks again when woken or every few seconds. */
export function startFileReader(ctx: AppContext): FileReaderHandle {
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      let handled = 0;
      try {
        handled = await readDueFiles(ctx);
      } catch (error) {
        ctx.log.warn({ err: error }, "file reader could not take a job");
      }
      if (handled > 0 || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  })();
  const handle: FileReaderHandle = {
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      readers.delete(ctx);
    },
  };
  readers.set(ctx, handle);
  return handle;
}

/** Wakes this instance's reader, if it runs (a file was just queued). */
export function wakeFileReader(ctx: AppContext): void {
  readers.get(ctx)?.wake();
}
