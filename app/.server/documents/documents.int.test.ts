import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { listFiles, makePdf, multipartRequest } from "../../../tests/support/files";
import { publishedDocuments } from "../../../tests/support/lists";
import { createUser } from "../users/users.service";
import { findDocument, parseList } from "./documents.service";
import { uploadDocument } from "./upload";

const meta = { ip: "127.0.0.1", userAgent: "vitest" };
const URL_ = "http://localhost/admin/documents";

for (const engine of testEngines()) {
  describe(`[${engine}] document upload and public listing`, () => {
    let t: TestApp;
    let uploader: { id: string };
    let clock: Date;
    beforeEach(async () => {
      clock = new Date("2026-01-01T00:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      uploader = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
    });
    afterEach(async () => t.cleanup());

    const filesDir = () => path.join(t.dataDir, "files");

    async function upload(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) {
      const request = multipartRequest(URL_, fields, file ? [{ field: "file", ...file }] : []);
      clock = new Date(clock.getTime() + 1000);
      return uploadDocument(t.ctx, request, uploader, meta);
    }

    it("stores a real PDF with its checksum and lists it publicly, newest first", async () => {
      const pdf = await makePdf("Baidoa site monitoring");
      const first = await upload(
        { title: "Baidoa Site Monitoring Q1", category: "Report", tags: " IDP , baidoa, idp ,", published: "true" },
        { name: "baidoa.pdf", bytes: pdf },
      );
      const second = await upload(
        { title: "CCCM Guidance Note", category: "GUIDELINE", published: "true" },
        { name: "note.pdf", bytes: pdf },
      );
      expect(first.ok && second.ok).toBe(true);
      if (!first.ok) return;
      const row = await findDocument(t.ctx, first.document.id);
      expect(row).toMatchObject({ size: pdf.byteLength, file_ext: "pdf", mime_type: "application/pdf", published: 1, category: "Report" });
      expect(parseList(row!.tags)).toEqual(["IDP", "baidoa"]);
      expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
      const listed = await publishedDocuments(t.ctx);
      expect(listed.map((d) => d.title)).toEqual(["CCCM Guidance Note", "Baidoa Site Monitoring Q1"]);
      expect(listed[0]?.category).toBe("Guideline");
    });

    it("never lists unpublished documents and searches title, description and tags, ignoring case and accents", async () => {
      const pdf = await makePdf();
      await upload({ title: "Draft eviction analysis", published: "false" }, { name: "a.pdf", bytes: pdf });
      await upload({ title: "Rapport des déplacés", description: "Kismayo", published: "true" }, { name: "b.pdf", bytes: pdf });
      await upload(
        { title: "Safety audit tool", tags: "Protection,GBV", published: "true", category: "Template" },
        { name: "c.pdf", bytes: pdf },
      );
      expect((await publishedDocuments(t.ctx)).map((d) => d.title)).not.toContain("Draft eviction analysis");
      expect((await publishedDocuments(t.ctx, { q: "EVICTION" })).length).toBe(0);
      expect((await publishedDocuments(t.ctx, { q: "DÉPLACÉS" })).map((d) => d.title)).toEqual(["Rapport des déplacés"]);
      expect((await publishedDocuments(t.ctx, { q: "kismayo" })).length).toBe(1);
      expect((await publishedDocuments(t.ctx, { q: "gbv" })).map((d) => d.title)).toEqual(["Safety audit tool"]);
      // Nothing searchable in the words is no search at all: the whole list.
      expect((await publishedDocuments(t.ctx, { q: "%" })).length).toBe(2);
      expect((await publishedDocuments(t.ctx, { category: "Template" })).length).toBe(1);
    });

    it("refuses a disguised file (an executable named .pdf) before storing anything", async () => {
      const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...new Array(100).fill(1)]);
      const r = await upload({ title: "Innocent", published: "true" }, { name: "report.pdf", bytes: exe });
      expect(r).toMatchObject({ ok: false, title: "Invalid file type", description: "Please select a supported file type" });
      expect(await listFiles(filesDir())).toEqual([]);
    });

    it("refuses an extension outside the list", async () => {
      const r = await upload({ title: "Script", published: "true" }, { name: "run.exe", bytes: new Uint8Array([1, 2, 3]) });
      expect(r).toMatchObject({ ok: false, title: "Invalid file type" });
      expect(await listFiles(filesDir())).toEqual([]);
    });

    it("refuses 50 MB + 1 byte with the spec's message, leaving no file and no row", async () => {
      const big = new Uint8Array(50 * 1024 * 1024 + 1);
      big.set(new TextEncoder().encode("%PDF-1.7\n"));
      const r = await upload({ title: "Too big", published: "true" }, { name: "big.pdf", bytes: big });
      expect(r).toMatchObject({ ok: false, status: 413, title: "File too large", description: "Please select a file smaller than 50MB" });
      expect(await listFiles(filesDir())).toEqual([]);
      expect(await publishedDocuments(t.ctx)).toEqual([]);
    });

    it("accepts exactly 50 MB", async () => {
      const big = new Uint8Array(50 * 1024 * 1024);
      big.set(new TextEncoder().encode("%PDF-1.7\n"));
      const r = await upload({ title: "Exactly fifty", published: "true" }, { name: "fifty.pdf", bytes: big });
      expect(r.ok).toBe(true);
    });

    it("removes the stored file when the title is missing", async () => {
      const r = await upload({ title: "  ", published: "true" }, { name: "a.pdf", bytes: await makePdf() });
      expect(r).toMatchObject({
        ok: false,
        title: "Missing information",
        description: "Please fill in all required fields and select a file",
      });
      expect(await listFiles(filesDir())).toEqual([]);
    });

    it("refuses a title, description or tags past their limits with a clear message, storing nothing", async () => {
      const cases: Array<[Record<string, string>, string]> = [
        [{ title: "t".repeat(301) }, "Title must be at most 300 characters"],
        [{ title: "Fine", description: "d".repeat(5001) }, "Description must be at most 5000 characters"],
        [{ title: "Fine", tags: Array.from({ length: 31 }, (_, i) => `tag${i}`).join(",") }, "Please give at most 30 tags"],
        [{ title: "Fine", tags: `ok, ${"x".repeat(61)}` }, "Each tag must be at most 60 characters"],
      ];
      for (const [fields, description] of cases) {
        const r = await upload({ published: "true", ...fields }, { name: "a.pdf", bytes: await makePdf() });
        expect(r, description).toMatchObject({ ok: false, status: 400, title: "Validation Error", description });
      }
      expect(await listFiles(filesDir())).toEqual([]);
      const atLimits = await upload(
        {
          title: "t".repeat(300),
          description: "d".repeat(5000),
          tags: Array.from({ length: 30 }, (_, i) => `${i}`.padEnd(60, "x")).join(","),
          published: "true",
        },
        { name: "a.pdf", bytes: await makePdf() },
      );
      expect(atLimits.ok).toBe(true);
    });

    it("asks for a file when none is sent", async () => {
      const r = await upload({ title: "No file", published: "true" });
      expect(r).toMatchObject({ ok: false, title: "Missing information" });
    });
  });
}
