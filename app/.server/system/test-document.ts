import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { AppContext } from "../context";
import { createDocument, findDocument, findPublishedDocument } from "../documents/documents.service";
import { deleteDocument } from "../documents/manage";
import { claimDueJobs, deleteJob, insertJob, releaseJob } from "../jobs/jobs.queries";
import { WORKER } from "../jobs/worker";
import { generateStorageKey } from "../storage";
import { addMs, iso, MINUTE } from "../time";
import { storePendingFile } from "../uploads/pending-files";

/**
 * The test suite's temporary document (admin-and-sharing sections 2 and 9): an UNPUBLISHED
 * document with a small text file, removed after 10 s. The removal is a row in the jobs table,
 * written before the document exists: a timer runs it on time, and if the process dies first the
 * sweep at the next start (and every few minutes) runs it, so no crash leaves the document behind.
 */
export const TEST_DOCUMENT_TITLE = "Test Suite temporary document";
export const TEST_DOCUMENT_LIFETIME_MS = 10_000;
export const REMOVE_TEST_DOCUMENT = "remove-test-document";
/** A job still "running" this long after it was taken belongs to a process that died. */
const STALE_AFTER_MS = 5 * MINUTE;
const MAX_ATTEMPTS = 5;

export interface TestDocument {
  id: string;
  removeAt: string;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Creates the document through the documents service, checks it, and schedules its removal. */
export async function createTestDocument(
  ctx: AppContext,
  user: { id: string; email: string },
  lifetimeMs = TEST_DOCUMENT_LIFETIME_MS,
): Promise<TestDocument> {
  const id = randomUUID();
  const now = ctx.now();
  const removeAt = addMs(now, lifetimeMs);
  await insertJob(ctx.db.kysely, {
    id: randomUUID(),
    kind: REMOVE_TEST_DOCUMENT,
    payload: JSON.stringify({ documentId: id }),
    status: "queued",
    run_at: iso(removeAt),
    created_at: iso(now),
  });
  const timer = setTimeout(() => {
    removeDueTestDocuments(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, "test document removal failed; the sweep retries"));
  }, lifetimeMs + 50);
  timer.unref();

  const content = Buffer.from(`CCCM portal test suite: temporary document created ${iso(now)} by ${user.email}.\n`);
  const key = generateStorageKey({ prefix: "documents", originalName: "test-suite.txt", now });
  const stored = await storePendingFile(ctx, key, Readable.from([content]), { contentType: "text/plain" });
  await createDocument(ctx, {
    id,
    title: TEST_DOCUMENT_TITLE,
    description: "Created by the admin test suite; removed automatically.",
    category: "Other",
    tags: ["test-suite"],
    published: false,
    uploadedBy: user.id,
    file: { key, originalName: "test-suite.txt", ext: "txt", mimeType: "text/plain", size: stored.size, sha256: stored.sha256 },
  });

  const row = await findDocument(ctx, id);
  if (!row) throw new Error("The document was not found after it was created");
  if (row.published !== 0 || (await findPublishedDocument(ctx, id)) !== null) throw new Error("The test document is visible to the public");
  const readBack = await readAll(await ctx.storage.get(key));
  if (!readBack.equals(content)) throw new Error("The stored file differs from what was written");
  return { id, removeAt: iso(removeAt) };
}

/** Runs every due removal (and any a dead process left running); returns how many documents were removed. */
export async function removeDueTestDocuments(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const db = ctx.db.kysely;
  const jobs = await claimDueJobs(db, ctx.db.engine, {
    kind: REMOVE_TEST_DOCUMENT,
    now: iso(now),
    staleBefore: iso(addMs(now, -STALE_AFTER_MS)),
    worker: WORKER,
    limit: 100,
  });
  let removed = 0;
  for (const job of jobs) {
    try {
      const { documentId } = JSON.parse(job.payload) as { documentId?: unknown };
      if (typeof documentId === "string" && (await deleteDocument(ctx, documentId))) removed++;
      await deleteJob(db, job.id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = job.attempts >= MAX_ATTEMPTS;
      await releaseJob(db, job.id, { status: failed ? "failed" : "queued", runAt: iso(addMs(now, MINUTE)), error: message });
      ctx.log.warn({ err: error, jobId: job.id }, "could not remove the test suite's temporary document");
    }
  }
  return removed;
}
