import { createHash } from "node:crypto";
import type { AppContext } from "../context";
import { recordFileCheck } from "../documents/stored-files";
import { type ListedObject, StorageNotFoundError } from "../storage";
import { sweepPendingFiles } from "../uploads/pending-files";
import {
  clearThumbnail,
  countHashedFiles,
  FILE_SOURCES,
  type FileRow,
  type FileSource,
  selectFilePage,
  selectReferencedKeys,
} from "./file-check.queries";

/**
 * The files pass of `portal check`: every stored object the database names is there and, unless
 * `checksums` is off, holds the bytes whose sha256 its row recorded; every stored object is named
 * by some row; no upload a crash left half-written waits for the next start. `repair` removes the objects no row names and flags the rows it can (see `repair`).
 * Rows are read a page at a time and files a few at a time, so memory holds only the set of keys
 * the database names (about 100 bytes each).
 */

export interface FileCheckOptions {
  /** Read and hash every file whose row recorded a sha256 (every byte: slow on a large library). */
  checksums: boolean;
  repair: boolean;
  /** A line of progress now and then while checksums are read. */
  onProgress?: (line: string) => void;
}

export interface FileProblem {
  source: FileSource;
  id: string;
  label: string | null;
  key: string;
}

export interface Mismatch extends FileProblem {
  /** What the row recorded against what the storage holds. */
  detail: string;
}

export interface FileCheckReport {
  /** Rows looked at, per kind of row, in FILE_SOURCES' order. */
  rows: { kind: FileSource["kind"]; count: number }[];
  /** Objects the storage holds. */
  objects: number;
  /** Files read and hashed. */
  hashed: number;
  missing: FileProblem[];
  mismatched: Mismatch[];
  /** Objects no row names. */
  orphans: ListedObject[];
  /** Uploads a crash left half-written (temp files, multipart uploads) that the next start would remove. */
  staleUploads: number;
  /** What --repair did, one sentence each. */
  repairs: string[];
}

/** Rows read at a time: bounded memory at any number of documents. */
const PAGE = 500;
/** Storage lookups in flight at once: quick on S3, gentle on a disk. */
const STAT_CONCURRENCY = 8;
/** Files read and hashed at once: each is a stream of the whole file. */
const HASH_CONCURRENCY = 3;
/**
 * An upload writes its object first and its row after (documents/create.ts, upload.ts, attachments,
 * thumbnails): an object younger than this may be one whose row is on its way, never an orphan to
 * remove. Far longer than any upload takes between the two.
 */
export const ORPHAN_MIN_AGE_MS = 60 * 60 * 1000;
const PROGRESS_EVERY_MS = 5_000;

export async function checkFiles(ctx: AppContext, options: FileCheckOptions): Promise<FileCheckReport> {
  const report: FileCheckReport = {
    rows: [],
    objects: 0,
    hashed: 0,
    missing: [],
    mismatched: [],
    orphans: [],
    staleUploads: 0,
    repairs: [],
  };
  const referenced = new Set<string>();
  const progress = await hashProgress(ctx, options);

  for (const source of FILE_SOURCES) {
    let count = 0;
    let afterId: string | null = null;
    for (;;) {
      const rows: FileRow[] = await selectFilePage(ctx.db.kysely, source, afterId, PAGE);
      if (!rows.length) break;
      const hash = options.checksums && source.sha256 !== null;
      const found = await mapLimited(rows, hash ? HASH_CONCURRENCY : STAT_CONCURRENCY, async (row) => {
        const seen = await inspect(ctx, row, hash && row.sha256 !== null);
        if (seen.hashed) progress.tick();
        return seen;
      });
      const missingIds: string[] = [];
      const presentIds: string[] = [];
      rows.forEach((row, i) => {
        referenced.add(row.key);
        const seen = found[i]!;
        const problem = { source, id: row.id, label: row.label, key: row.key };
        if (seen.hashed) report.hashed++;
        if (!seen.present) {
          report.missing.push(problem);
          missingIds.push(row.id);
          return;
        }
        const detail = differences(row, seen);
        if (detail) report.mismatched.push({ ...problem, detail });
        // A mark is lifted only when the bytes were confirmed: a quick run cannot tell a file --repair
        // marked as damaged from a sound one.
        else if (seen.hashed || row.sha256 === null) presentIds.push(row.id);
      });
      // Documents' file_missing_at is kept up to date on every run (the admin table shows it).
      if (source.kind === "document") await recordFileCheck(ctx, { missing: missingIds, present: presentIds });
      count += rows.length;
      afterId = rows[rows.length - 1]!.id;
    }
    report.rows.push({ kind: source.kind, count });
  }
  progress.done();

  const candidates: ListedObject[] = [];
  for await (const object of ctx.storage.list()) {
    report.objects++;
    if (!referenced.has(object.key)) candidates.push(object);
  }
  // A row written while the storage was listed names its object by now.
  const named = await referencedNow(ctx, candidates);
  // Files an upload announced before storing them (uploads/pending-files.ts): one whose process may
  // still write its row is no orphan yet; one a dead process left is a half-written upload.
  const pending = await sweepPendingFiles(ctx, staleBefore(ctx), { dryRun: true });
  report.orphans = candidates
    .filter((o) => !named.has(o.key) && !pending.inFlight.has(o.key) && !pending.abandoned.has(o.key))
    .sort((a, b) => a.key.localeCompare(b.key));
  // Those the start-up sweep would remove (storage/: a dead writer's temp file, or one idle an hour;
  // pending-files: a finished file whose row a dead process never wrote).
  report.staleUploads = (await ctx.storage.sweepStaleUploads(staleBefore(ctx), { dryRun: true })) + pending.abandoned.size;

  if (options.repair) await repair(ctx, report);
  return report;
}

interface Seen {
  present: boolean;
  size?: number;
  sha256?: string;
  hashed: boolean;
}

/** Stats the row's object, or reads it whole and hashes it. */
async function inspect(ctx: AppContext, row: FileRow, hash: boolean): Promise<Seen> {
  if (!hash) {
    const stat = await ctx.storage.stat(row.key);
    return stat ? { present: true, size: stat.size, hashed: false } : { present: false, hashed: false };
  }
  try {
    const digest = createHash("sha256");
    let size = 0;
    for await (const chunk of await ctx.storage.get(row.key)) {
      digest.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    return { present: true, size, sha256: digest.digest("hex"), hashed: true };
  } catch (error) {
    if (error instanceof StorageNotFoundError) return { present: false, hashed: false };
    throw error;
  }
}

/** What differs between the row's record and the stored object, or "" when nothing does. */
function differences(row: FileRow, seen: Seen): string {
  const sizeDiffers = row.size !== null && seen.size !== undefined && row.size !== seen.size;
  const hashDiffers = row.sha256 !== null && seen.sha256 !== undefined && row.sha256 !== seen.sha256;
  if (!sizeDiffers && !hashDiffers) return "";
  const stored = `${seen.size} bytes${seen.sha256 ? `, sha256 ${seen.sha256}` : ""}`;
  return `recorded ${row.size ?? "?"} bytes, sha256 ${row.sha256 ?? "?"}; stored ${stored}`;
}

async function referencedNow(ctx: AppContext, objects: ListedObject[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (let i = 0; i < objects.length; i += PAGE) {
    for (const key of await selectReferencedKeys(
      ctx.db.kysely,
      objects.slice(i, i + PAGE).map((o) => o.key),
    ))
      named.add(key);
  }
  return named;
}

/**
 * --repair. Nothing here needs a new column:
 * - a document whose file is damaged is marked as its file were missing (file_missing_at, the one
 *   mark the admin table shows), so staff replace the file; a missing one is marked on every run;
 * - a thumbnail (document or dashboard) whose object is gone or damaged is forgotten, so the
 *   placeholder shows, and a damaged object, named by no row any more, is removed at once (an
 *   upload never writes to a key a row already names);
 * - attachments and old dashboard files have no mark: they are listed, for staff to replace or
 *   remove (attachments on their document's edit page) or to restore from a backup;
 * - uploads a crash left half-written go as the next start's sweep would remove them;
 * - orphans older than ORPHAN_MIN_AGE_MS are removed, each checked again just before.
 */
async function repair(ctx: AppContext, report: FileCheckReport): Promise<void> {
  const unnamed: { key: string; modifiedAt: Date | null }[] = [];
  const damagedDocuments = report.mismatched.filter((m) => m.source.kind === "document");
  await recordFileCheck(ctx, { missing: damagedDocuments.map((m) => m.id), present: [] });
  for (const m of damagedDocuments)
    report.repairs.push(`marked ${describeFile(m)} as missing its file: the stored bytes are not the uploaded file`);

  for (const problem of [...report.missing, ...report.mismatched]) {
    const kind = problem.source.kind;
    if (kind === "dashboard thumbnail" || kind === "document thumbnail") {
      if (await clearThumbnail(ctx.db.kysely, problem.source, problem.id, problem.key)) {
        report.repairs.push(`cleared ${describeFile(problem)}: the placeholder shows instead`);
        if (report.mismatched.includes(problem as Mismatch)) unnamed.push({ key: problem.key, modifiedAt: null });
      }
    } else if (kind === "attachment") {
      report.repairs.push(`left ${describeFile(problem)} as is: replace or remove it on its document's edit page`);
    } else if (kind === "dashboard file") {
      report.repairs.push(`left ${describeFile(problem)} as is: nothing shows it; restore it from a backup to keep it`);
    }
  }

  if (report.staleUploads > 0) {
    const removed =
      (await ctx.storage.sweepStaleUploads(staleBefore(ctx))) + (await sweepPendingFiles(ctx, staleBefore(ctx))).abandoned.size;
    report.repairs.push(`removed ${removed} half-written upload${removed === 1 ? "" : "s"} a crash left`);
  }

  const cutoff = staleBefore(ctx).getTime();
  for (const object of [...report.orphans, ...unnamed]) {
    if (object.modifiedAt !== null && object.modifiedAt.getTime() > cutoff) {
      report.repairs.push(`kept orphan ${object.key}: written less than an hour ago, an upload may still be adding its row`);
      continue;
    }
    if ((await selectReferencedKeys(ctx.db.kysely, [object.key])).size) continue;
    await ctx.storage.delete(object.key);
    report.repairs.push(`removed ${object.key}: no row names it`);
  }
}

const staleBefore = (ctx: AppContext) => new Date(ctx.now().getTime() - ORPHAN_MIN_AGE_MS);

export function describeFile(problem: FileProblem): string {
  const name = problem.label === null ? "" : ` "${problem.label}"`;
  return `${problem.source.kind}${name} (${problem.id}): ${problem.key}`;
}

/** Progress of the checksum pass: how many of how many files, now and then and at the end. */
async function hashProgress(ctx: AppContext, options: FileCheckOptions) {
  let total = 0;
  if (options.checksums && options.onProgress) for (const source of FILE_SOURCES) total += await countHashedFiles(ctx.db.kysely, source);
  const started = Date.now();
  let done = 0;
  let last = started;
  const say = () => options.onProgress?.(`checksums [${done}/${total}, ${((Date.now() - started) / 1000).toFixed(0)} s]`);
  return {
    tick() {
      done++;
      if (Date.now() - last >= PROGRESS_EVERY_MS) {
        last = Date.now();
        say();
      }
    },
    done() {
      if (total > 0) say();
    },
  };
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
