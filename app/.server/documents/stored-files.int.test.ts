import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { type RunningS3rver, s3rverEnv, startS3rver } from "../../../tests/support/s3rver";
import { checkFiles } from "../file-check/file-check";
import { portalCheck } from "../health";
import { generateStorageKey, S3Storage } from "../storage";
import { createDocument, findDocument } from "./documents.service";
import { documentDownload } from "./download";
import { signedFileUrl } from "./signed-links";

/**
 * Issue 9 item 14: a document whose row is there but whose file is gone from storage. Downloads
 * and signed links answer with the spec's text and mark the row; the check pass finds the rest;
 * `portal check` lists them and fails. On both engines and on both storage drivers.
 */
const STORAGES = ["local", "s3"] as const;
const BYTES = Buffer.from("Camp coordination minutes\n".repeat(40));

let s3: RunningS3rver | undefined;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(async () => s3?.stop());

for (const engine of testEngines()) {
  for (const storage of STORAGES) {
    describe(`[${engine}] a stored file that is missing (${storage} storage)`, () => {
      let t: TestApp;
      let clock: Date;
      beforeEach(async () => {
        clock = new Date("2026-05-01T08:00:00.000Z");
        const env = storage === "s3" ? s3rverEnv(s3!.endpoint, `missing-${Math.random().toString(36).slice(2, 10)}`) : {};
        t = await createTestApp(engine, { now: () => clock, env });
        if (t.ctx.storage instanceof S3Storage) await t.ctx.storage.ensureBucket();
      });
      afterEach(async () => t.cleanup());

      async function storedDocument(title: string) {
        const key = generateStorageKey({ prefix: "documents", originalName: "minutes.txt", now: clock });
        const stored = await t.ctx.storage.put(key, Readable.from([BYTES]));
        return createDocument(t.ctx, {
          title,
          description: null,
          category: "Report",
          tags: [],
          published: true,
          uploadedBy: null,
          file: { key, originalName: "minutes.txt", ext: "txt", mimeType: "text/plain", size: stored.size, sha256: stored.sha256 },
        });
      }

      const request = (id: string, method = "GET") => new Request(`http://localhost/api/documents/${id}/download`, { method });
      const missingSince = async (id: string) => (await findDocument(t.ctx, id))?.file_missing_at ?? null;

      it("answers a download with the spec's text, never a broken stream, and marks the document", async () => {
        const gone = await storedDocument("Baidoa Minutes");
        await t.ctx.storage.delete(gone.file_path!);
        const answer = await documentDownload(t.ctx, request(gone.id), gone.id, { staff: false });
        expect(answer.status).toBe(404);
        expect(answer.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
        expect(answer.headers.get("X-Download-Error")).toBe("file-missing");
        expect(answer.headers.get("Content-Disposition")).toBeNull();
        expect(await answer.text()).toBe("Document file not found");
        expect(await missingSince(gone.id)).toBe("2026-05-01T08:00:00.000Z");
        expect((await findDocument(t.ctx, gone.id))?.download_count).toBe(0);
      });

      it("answers the button's HEAD check as the download would, checking storage", async () => {
        const gone = await storedDocument("Baidoa Minutes");
        const there = await storedDocument("Dolow Plan");
        await t.ctx.storage.delete(gone.file_path!);
        const head = await documentDownload(t.ctx, request(gone.id, "HEAD"), gone.id, { staff: false });
        expect(head.status).toBe(404);
        expect(head.headers.get("X-Download-Error")).toBe("file-missing");
        expect(await missingSince(gone.id)).not.toBeNull();
        const ok = await documentDownload(t.ctx, request(there.id, "HEAD"), there.id, { staff: false });
        expect(ok.status).toBe(200);
        expect(ok.headers.get("Content-Length")).toBe(String(BYTES.length));
        expect(await missingSince(there.id)).toBeNull();
        const unknown = await documentDownload(t.ctx, request("no-such-id", "HEAD"), "no-such-id", { staff: false });
        expect(unknown.status).toBe(404);
        expect(unknown.headers.get("X-Download-Error")).toBe("not-found");
      });

      it("answers a signed preview link the same way", async () => {
        const gone = await storedDocument("Baidoa Minutes");
        await t.ctx.storage.delete(gone.file_path!);
        const { signedFileResponse } = await import("./signed-links");
        const url = await signedFileUrl(t.ctx, { kind: "document", id: gone.id, version: gone.sha256! }, "inline");
        const answer = await signedFileResponse(t.ctx, new Request(`http://localhost${url}`), "document", gone.id);
        expect(answer.status).toBe(404);
        expect(await answer.text()).toBe("Document file not found");
        expect(await missingSince(gone.id)).not.toBeNull();
      });

      it("clears the mark when a download finds the file back", async () => {
        const doc = await storedDocument("Baidoa Minutes");
        await t.ctx.storage.delete(doc.file_path!);
        await documentDownload(t.ctx, request(doc.id), doc.id, { staff: false });
        await t.ctx.storage.put(doc.file_path!, Readable.from([BYTES]));
        const answer = await documentDownload(t.ctx, request(doc.id), doc.id, { staff: false });
        expect(answer.status).toBe(200);
        expect(Buffer.from(await answer.arrayBuffer()).equals(BYTES)).toBe(true);
        expect(await missingSince(doc.id)).toBeNull();
      });

      it("the check pass finds every missing file, marks it, and clears files that came back", async () => {
        const a = await storedDocument("Afgooye Notes");
        const b = await storedDocument("Baidoa Minutes");
        await storedDocument("Dolow Plan");
        await createDocument(t.ctx, {
          title: "No File Yet",
          description: null,
          category: "Other",
          tags: [],
          published: false,
          uploadedBy: null,
          file: null,
        });
        await t.ctx.storage.delete(a.file_path!);
        await t.ctx.storage.delete(b.file_path!);

        const missingTitles = async () => (await checkFiles(t.ctx, { checksums: true, repair: false })).missing.map((m) => m.label).sort();
        expect(await missingTitles()).toEqual(["Afgooye Notes", "Baidoa Minutes"]);
        expect(await missingSince(a.id)).not.toBeNull();
        expect(await missingSince(b.id)).not.toBeNull();

        await t.ctx.storage.put(a.file_path!, Readable.from([BYTES]));
        expect(await missingTitles()).toEqual(["Baidoa Minutes"]);
        expect(await missingSince(a.id)).toBeNull();
      });

      it("portal check lists the documents whose file is missing and fails; passes when none is", async () => {
        const gone = await storedDocument("Baidoa Minutes");
        await storedDocument("Dolow Plan");
        await t.ctx.storage.delete(gone.file_path!);
        const failing = await portalCheck(t.ctx);
        expect(failing.ok).toBe(false);
        expect(failing.lines).toContain("files        error: 1 problem (2 documents; 1 stored object; 1 checksum read):");
        expect(failing.lines).toContain(`  missing    document "Baidoa Minutes" (${gone.id}): ${gone.file_path}`);
        expect(failing.lines.at(-1)).toBe("Some checks failed.");

        await t.ctx.storage.put(gone.file_path!, Readable.from([BYTES]));
        const passing = await portalCheck(t.ctx);
        expect(passing.lines).toContain("files        ok (2 documents; 2 stored objects; 2 checksums read)");
        expect(passing.ok).toBe(true);
        expect(passing.lines.at(-1)).toBe("All checks passed.");
      });
    });
  }
}
