import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import os from "node:os";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type RunningS3rver, s3rverEnv, startS3rver } from "../../../tests/support/s3rver";
import { createDocument } from "../documents/documents.service";
import { portalCheck } from "../health";
import { generateStorageKey, S3Storage } from "../storage";
import { PENDING_FILE, storePendingFile, sweepPendingFiles } from "./pending-files";

/**
 * A process killed between storing an upload's file and committing the row that names it (found by
 * the crash benchmark, bench/crash.mjs): the file was an orphan `portal check` reported and nothing
 * removed. Now the file is announced first; the next start's sweep removes what a dead process
 * left, and keeps what is named or may still be named.
 */
const STORAGES = ["local", "s3"] as const;
const HOUR = 60 * 60 * 1000;

let s3: RunningS3rver | undefined;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => s3?.stop());

/** The worker name of a process of this host that has ended, as a kill -9 leaves its jobs. */
function deadWorker(): string {
  const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return `${os.hostname()}:${ended.stdout}:abcdef`;
}

for (const engine of testEngines()) {
  for (const storage of STORAGES) {
    describe(`[${engine}] files stored before their row (${storage} storage)`, () => {
      let t: TestApp;
      let clock: Date;
      beforeEach(async () => {
        clock = new Date();
        const env = storage === "s3" ? s3rverEnv(s3!.endpoint, `pending-${randomUUID().slice(0, 8)}`) : {};
        t = await createTestApp(engine, { now: () => clock, env });
        if (t.ctx.storage instanceof S3Storage) await t.ctx.storage.ensureBucket();
      });
      afterEach(async () => t.cleanup());

      async function storeUpload(text: string) {
        const key = generateStorageKey({ prefix: "documents", originalName: "minutes.txt", now: clock });
        const stored = await storePendingFile(t.ctx, key, Readable.from([Buffer.from(text)]), { contentType: "text/plain" });
        return { key, ...stored };
      }
      const pendingJobs = () => t.ctx.db.kysely.selectFrom("jobs").selectAll().where("kind", "=", PENDING_FILE).execute();
      /** What a kill -9 of the storing process leaves: its job, held by a process that is gone. */
      const killWriter = () =>
        t.ctx.db.kysely.updateTable("jobs").set({ locked_by: deadWorker() }).where("kind", "=", PENDING_FILE).execute();
      const create = (file: { key: string; size: number; sha256: string }) =>
        createDocument(t.ctx, {
          title: "Camp meeting",
          description: null,
          category: "Report",
          tags: [],
          published: true,
          uploadedBy: null,
          file: { key: file.key, originalName: "minutes.txt", ext: "txt", mimeType: "text/plain", size: file.size, sha256: file.sha256 },
        });

      it("a file whose writer died before its row is a half-written upload, and the next start's sweep removes it", async () => {
        const file = await storeUpload("minutes of the camp meeting\n");
        await killWriter();

        const before = await portalCheck(t.ctx, { checksums: true, repair: false });
        expect(before.ok).toBe(false);
        expect(before.lines).toContain("  upload     1 half-written upload a crash left (the next start removes them)");
        expect(before.lines.some((l) => l.includes("orphan"))).toBe(false);

        const swept = await sweepPendingFiles(t.ctx, new Date(clock.getTime() - HOUR));
        expect([...swept.abandoned]).toEqual([file.key]);
        expect(await t.ctx.storage.stat(file.key)).toBeNull();
        expect(await pendingJobs()).toEqual([]);
        const after = await portalCheck(t.ctx, { checksums: true, repair: false });
        expect(after.lines).toContain("All checks passed.");
      });

      it("a writer killed after its row was committed keeps its file; only the announcement goes", async () => {
        const file = await storeUpload("annex\n");
        // The row commits and drops the job in one transaction; bring the job back as a crash between the two would leave it.
        const doc = await create(file);
        expect(await pendingJobs()).toEqual([]);
        await t.ctx.db.kysely
          .insertInto("jobs")
          .values({
            id: `${PENDING_FILE}:${file.key}`,
            kind: PENDING_FILE,
            payload: JSON.stringify({ key: file.key }),
            status: "running",
            run_at: clock.toISOString(),
            locked_at: clock.toISOString(),
            locked_by: deadWorker(),
            created_at: clock.toISOString(),
          })
          .execute();
        const swept = await sweepPendingFiles(t.ctx, new Date(clock.getTime() - HOUR));
        expect(swept.abandoned.size).toBe(0);
        expect(await t.ctx.storage.stat(file.key)).toEqual({ size: file.size });
        expect(await pendingJobs()).toEqual([]);
        expect(doc.file_path).toBe(file.key);
      });

      it("a file this live process is storing is in flight, no orphan, until an hour has passed", async () => {
        const file = await storeUpload("in flight\n");
        const during = await portalCheck(t.ctx, { checksums: true, repair: false });
        expect(during.lines).toContain("All checks passed.");
        expect((await sweepPendingFiles(t.ctx, new Date(clock.getTime() - HOUR))).inFlight).toEqual(new Set([file.key]));
        expect(await t.ctx.storage.stat(file.key)).not.toBeNull();

        clock = new Date(clock.getTime() + HOUR + 1000);
        const swept = await sweepPendingFiles(t.ctx, new Date(clock.getTime() - HOUR));
        expect([...swept.abandoned]).toEqual([file.key]);
        expect(await t.ctx.storage.stat(file.key)).toBeNull();
      });

      it("an upload that completes, or fails to write its row, leaves no announcement behind", async () => {
        const done = await storeUpload("complete\n");
        await create(done);
        const failed = await storeUpload("refused\n");
        // The row cannot be written: its uploader is no user (foreign key).
        await expect(
          createDocument(t.ctx, {
            title: "Refused",
            description: null,
            category: "Report",
            tags: [],
            published: true,
            uploadedBy: randomUUID(),
            file: { key: failed.key, originalName: "r.txt", ext: "txt", mimeType: "text/plain", size: failed.size, sha256: failed.sha256 },
          }),
        ).rejects.toThrow();
        expect(await pendingJobs()).toEqual([]);
        expect(await t.ctx.storage.stat(failed.key)).toBeNull();
        expect(await t.ctx.storage.stat(done.key)).not.toBeNull();
      });
    });
  }
}
