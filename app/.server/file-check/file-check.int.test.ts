import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type RunningS3rver, s3rverEnv, startS3rver } from "../../../tests/support/s3rver";
import { createDocument, findDocument } from "../documents/documents.service";
import { portalCheck } from "../health";
import { generateStorageKey, type LocalStorage, S3Storage } from "../storage";

/**
 * `portal check`'s files pass (issue 18): orphans, files missing, bytes changed behind the portal's
 * back, on both engines and both storage drivers; `--repair` removes what it can and flags the rest.
 */
const STORAGES = ["local", "s3"] as const;
const HOUR = 60 * 60 * 1000;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let s3: RunningS3rver | undefined;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => s3?.stop());

for (const engine of testEngines()) {
  for (const storage of STORAGES) {
    describe(`[${engine}] portal check's files (${storage} storage)`, () => {
      let t: TestApp;
      let clock: Date;
      beforeEach(async () => {
        clock = new Date();
        const env = storage === "s3" ? s3rverEnv(s3!.endpoint, `check-${randomUUID().slice(0, 8)}`) : {};
        t = await createTestApp(engine, { now: () => clock, env });
        if (t.ctx.storage instanceof S3Storage) await t.ctx.storage.ensureBucket();
      });
      afterEach(async () => t.cleanup());

      async function store(prefix: string, text: string) {
        const key = generateStorageKey({ prefix, originalName: "file.txt", now: clock });
        const bytes = Buffer.from(text);
        const stored = await t.ctx.storage.put(key, Readable.from([bytes]));
        return { key, ...stored };
      }

      /** A document with its file, an attachment, its first page's thumbnail, and a dashboard with a thumbnail. */
      async function installation(title: string) {
        const db = t.ctx.db.kysely;
        const file = await store("documents", `${title}: minutes of the camp meeting\n`);
        const doc = await createDocument(t.ctx, {
          title,
          description: null,
          category: "Report",
          tags: [],
          published: true,
          uploadedBy: null,
          file: { key: file.key, originalName: "minutes.txt", ext: "txt", mimeType: "text/plain", size: file.size, sha256: file.sha256 },
        });
        const annex = await store("attachments", `${title}: annex\n`);
        const attachmentId = randomUUID();
        await db
          .insertInto("document_attachments")
          .values({
            id: attachmentId,
            document_id: doc.id,
            label: `${title} annex`,
            file_path: annex.key,
            file_type: "txt",
            file_size: annex.size,
            mime_type: "text/plain",
            sha256: annex.sha256,
            display_order: 0,
            created_at: clock.toISOString(),
          })
          .execute();
        const page = await store("thumbnails", `${title}: page one`);
        await db
          .updateTable("file_contents")
          .set({
            thumbnail_key: page.key,
            thumbnail_width: 10,
            thumbnail_height: 10,
            thumbnail_size: page.size,
            thumbnail_sha256: page.sha256,
          })
          .where("file_key", "=", file.key)
          .execute();
        const card = await store("dashboard-thumbnails", `${title}: card`);
        const dashboardId = randomUUID();
        await db
          .insertInto("dashboards")
          .values({
            id: dashboardId,
            title: `${title} dashboard`,
            description: null,
            type: "powerbi",
            category: null,
            provider: "Power BI",
            url: "https://app.powerbi.com/view?r=1",
            embed_url: null,
            thumbnail_url: null,
            thumbnail_key: card.key,
            thumbnail_width: 10,
            thumbnail_height: 10,
            thumbnail_size: card.size,
            thumbnail_sha256: card.sha256,
            file_path: null,
            org_id: null,
            is_public: 1,
            display_order: 0,
            created_by: null,
            created_at: clock.toISOString(),
            updated_at: clock.toISOString(),
          })
          .execute();
        return { doc, file, annex, attachmentId, page, card, dashboardId };
      }

      it("reports nothing on a clean installation, and --repair does nothing", async () => {
        await installation("Baidoa");
        await installation("Dolow");
        const clean = await portalCheck(t.ctx, { checksums: true, repair: true });
        expect(clean.lines).toContain(
          "files        ok (2 documents, 2 attachments, 2 dashboard thumbnails, 2 document thumbnails; 8 stored objects; 8 checksums read)",
        );
        expect(clean.lines).toContain("repair       nothing to do");
        expect(clean.ok).toBe(true);
      });

      if (storage === "local")
        it("reports the temp file of an upload a crash cut short; --repair removes it", async () => {
          // A process that has ended: the writer its temp file is named after is gone.
          const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
          const tmpDir = (t.ctx.storage as LocalStorage).tmpDir;
          await mkdir(tmpDir, { recursive: true });
          await writeFile(path.join(tmpDir, `${ended.stdout}-${randomUUID()}.part`), "half");
          const report = await portalCheck(t.ctx, { checksums: true, repair: true });
          expect(report.lines).toEqual(
            expect.arrayContaining([
              "files        error: 1 problem (no files named; 0 stored objects; 0 checksums read):",
              "  upload     1 half-written upload a crash left (the next start removes them)",
              "repair       removed 1 half-written upload a crash left",
            ]),
          );
          expect(await readdir(tmpDir)).toEqual([]);
          expect((await portalCheck(t.ctx, { checksums: true, repair: false })).ok).toBe(true);
        });

      it("reports orphans, missing files and changed bytes; --repair removes orphans and flags rows", async () => {
        const whole = await installation("Afgooye");
        const gone = await installation("Baidoa");
        const changed = await installation("Dolow");
        const orphan = await store("documents", "nobody names me");
        await t.ctx.storage.delete(gone.file.key);
        await t.ctx.storage.delete(gone.annex.key);
        await t.ctx.storage.delete(gone.page.key);
        await t.ctx.storage.delete(gone.card.key);
        // Same length, other bytes: only the checksum tells.
        const text = "Dolow: minutes of the camp meeting\n";
        await t.ctx.storage.put(changed.file.key, Readable.from([Buffer.from(text.toUpperCase())]));
        await t.ctx.storage.put(changed.card.key, Readable.from([Buffer.from("Dolow: CARD")]));
        const changedSha = sha256(Buffer.from(text.toUpperCase()));

        const quick = await portalCheck(t.ctx, { checksums: false, repair: false });
        expect(quick.ok).toBe(false);
        expect(quick.lines.some((l) => l.includes(changed.file.key))).toBe(false);
        expect(quick.lines.some((l) => l.includes("checksums not read"))).toBe(true);

        const progress: string[] = [];
        const report = await portalCheck(t.ctx, { checksums: true, repair: false, onProgress: (l) => progress.push(l) });
        expect(report.ok).toBe(false);
        expect(progress.at(-1)).toMatch(/^checksums \[8\/12, \d+ s\]$/);
        expect(report.lines).toEqual(
          expect.arrayContaining([
            "files        error: 7 problems (3 documents, 3 attachments, 3 dashboard thumbnails, 3 document thumbnails; 9 stored objects; 8 checksums read):",
            `  missing    document "Baidoa" (${gone.doc.id}): ${gone.file.key}`,
            `  missing    attachment "Baidoa annex" (${gone.attachmentId}): ${gone.annex.key}`,
            `  missing    dashboard thumbnail "Baidoa dashboard" (${gone.dashboardId}): ${gone.card.key}`,
            `  missing    document thumbnail "Baidoa" (${gone.file.key}): ${gone.page.key}`,
            `  differs    document "Dolow" (${changed.doc.id}): ${changed.file.key}: recorded ${changed.file.size} bytes, sha256 ${changed.file.sha256}; stored ${changed.file.size} bytes, sha256 ${changedSha}`,
            expect.stringMatching(new RegExp(`^  orphan     ${orphan.key} \\(15 bytes, written .+\\)$`)),
          ]),
        );
        expect(report.lines.some((l) => l.includes(whole.doc.id))).toBe(false);
        // The changed dashboard thumbnail (same size, other bytes) too.
        expect(report.lines.some((l) => l.startsWith("  differs    dashboard thumbnail") && l.includes(changed.card.key))).toBe(true);
        expect((await findDocument(t.ctx, gone.doc.id))?.file_missing_at).not.toBeNull();
        expect((await findDocument(t.ctx, changed.doc.id))?.file_missing_at).toBeNull();

        // --repair flags rows at once, but keeps an orphan written less than an hour ago ...
        const repaired = await portalCheck(t.ctx, { checksums: true, repair: true });
        expect(repaired.ok).toBe(false);
        expect(repaired.lines).toEqual(
          expect.arrayContaining([
            `repair       marked document "Dolow" (${changed.doc.id}): ${changed.file.key} as missing its file: the stored bytes are not the uploaded file`,
            `repair       cleared dashboard thumbnail "Baidoa dashboard" (${gone.dashboardId}): ${gone.card.key}: the placeholder shows instead`,
            `repair       cleared document thumbnail "Baidoa" (${gone.file.key}): ${gone.page.key}: the placeholder shows instead`,
            `repair       cleared dashboard thumbnail "Dolow dashboard" (${changed.dashboardId}): ${changed.card.key}: the placeholder shows instead`,
            `repair       left attachment "Baidoa annex" (${gone.attachmentId}): ${gone.annex.key} as is: replace or remove it on its document's edit page`,
            `repair       kept orphan ${orphan.key}: written less than an hour ago, an upload may still be adding its row`,
            // A damaged thumbnail's row no longer names it: it goes at once (it is no upload in flight).
            `repair       removed ${changed.card.key}: no row names it`,
          ]),
        );
        expect(await t.ctx.storage.stat(orphan.key)).not.toBeNull();
        expect(await t.ctx.storage.stat(changed.card.key)).toBeNull();
        // ... and removes it an hour later.
        clock = new Date(Date.now() + 2 * HOUR);
        const later = await portalCheck(t.ctx, { checksums: false, repair: true });
        expect(later.lines.filter((l) => l.startsWith("repair       removed"))).toEqual([
          `repair       removed ${orphan.key}: no row names it`,
        ]);
        expect(await t.ctx.storage.stat(orphan.key)).toBeNull();
        expect((await findDocument(t.ctx, changed.doc.id))?.file_missing_at).not.toBeNull();
        const dashboards = await t.ctx.db.kysely.selectFrom("dashboards").select(["id", "thumbnail_key"]).execute();
        expect(Object.fromEntries(dashboards.map((d) => [d.id, d.thumbnail_key]))).toEqual({
          [whole.dashboardId]: whole.card.key,
          [gone.dashboardId]: null,
          [changed.dashboardId]: null,
        });
        const pages = await t.ctx.db.kysely.selectFrom("file_contents").select(["file_key", "thumbnail_key"]).execute();
        expect(pages.find((p) => p.file_key === gone.file.key)?.thumbnail_key).toBeNull();
        expect(pages.find((p) => p.file_key === whole.file.key)?.thumbnail_key).toBe(whole.page.key);

        // What --repair cannot mend is still reported: staff replace those files.
        const after = await portalCheck(t.ctx, { checksums: true, repair: false });
        expect(after.lines.filter((l) => l.startsWith("  "))).toEqual([
          `  missing    document "Baidoa" (${gone.doc.id}): ${gone.file.key}`,
          `  missing    attachment "Baidoa annex" (${gone.attachmentId}): ${gone.annex.key}`,
          `  differs    document "Dolow" (${changed.doc.id}): ${changed.file.key}: recorded ${changed.file.size} bytes, sha256 ${changed.file.sha256}; stored ${changed.file.size} bytes, sha256 ${changedSha}`,
        ]);
        // The check with checksums keeps the damaged document's mark.
        expect((await findDocument(t.ctx, changed.doc.id))?.file_missing_at).not.toBeNull();
      }, 60_000);
    });
  }
}
