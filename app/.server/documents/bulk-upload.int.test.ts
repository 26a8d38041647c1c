import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FOLDER_MESSAGES } from "~/lib/folders";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { listFiles, makePdf, multipartRequest } from "../../../tests/support/files";
import { allDocuments } from "../../../tests/support/lists";
import { createFolder } from "../folders/folders.admin";
import { createUser } from "../users/users.service";
import { bulkUpload } from "./bulk-upload";
import { findDocument } from "./documents.service";
import { uploadToFolder } from "./folder-upload";

const meta = { ip: "127.0.0.1", userAgent: "vitest" };
const URL_ = "http://localhost/admin/folders/bulk-upload";
const LIMIT = 52_428_800;

const bytes = (...parts: Array<number[] | string>) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p)))));
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];

function sized(head: string, size: number): Uint8Array {
  const out = new Uint8Array(size).fill(0x20);
  out.set(Buffer.from(head));
  return out;
}

/** Twenty files a responder's desktop might hold: twelve the bulk upload accepts, eight it refuses. */
async function mixedFiles() {
  const pdf = await makePdf("Bulk upload test");
  const valid = [
    { name: "report-a.pdf", bytes: pdf },
    { name: "report-b.pdf", bytes: await makePdf("Second") },
    { name: "minutes.docx", bytes: bytes(ZIP, "word/document.xml") },
    { name: "figures.xlsx", bytes: bytes(ZIP, "xl/workbook.xml") },
    { name: "slides.pptx", bytes: bytes(ZIP, "ppt/presentation.xml") },
    { name: "legacy.doc", bytes: bytes(OLE, "legacy word") },
    { name: "legacy.xls", bytes: bytes(OLE, "legacy excel") },
    { name: "legacy.ppt", bytes: bytes(OLE, "legacy powerpoint") },
    { name: "notes.txt", bytes: bytes("Meeting notes, Baidoa, 12 March") },
    { name: "sites.csv", bytes: bytes("site,district,households\nA,Daynile,120\n") },
    { name: "Site List 2024.PDF", bytes: pdf },
    { name: "exactly-50mb.pdf", bytes: sized("%PDF-1.7\n", LIMIT) },
  ];
  const invalid = [
    { name: "photo.jpg", bytes: bytes(JPEG, "jpeg"), message: FOLDER_MESSAGES.invalidType },
    { name: "setup.exe", bytes: bytes("MZ\x90\x00"), message: FOLDER_MESSAGES.invalidType },
    { name: "fake.pdf", bytes: bytes("MZ\x90\x00 not a pdf"), message: FOLDER_MESSAGES.invalidType },
    { name: "too-big.pdf", bytes: sized("%PDF-1.7\n", LIMIT + 1), message: FOLDER_MESSAGES.tooLarge },
    { name: "empty.txt", bytes: new Uint8Array(0), message: FOLDER_MESSAGES.missing },
    { name: "README", bytes: bytes("no extension"), message: FOLDER_MESSAGES.invalidType },
    { name: "script.sh", bytes: bytes("#!/bin/sh\n"), message: FOLDER_MESSAGES.invalidType },
    { name: "binary.csv", bytes: bytes("a,b\n", [0, 1, 2]), message: FOLDER_MESSAGES.invalidType },
  ];
  return { valid, invalid };
}

for (const engine of testEngines()) {
  describe(`[${engine}] bulk upload`, () => {
    let t: TestApp;
    let editor: { id: string };
    const clock = new Date("2027-03-15T10:00:00.000Z");
    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => clock });
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
    });
    afterEach(async () => t.cleanup());

    const filesDir = () => path.join(t.dataDir, "files");
    const send = (fields: Record<string, string>, files: Array<{ name: string; bytes: Uint8Array }>) =>
      bulkUpload(
        t.ctx,
        multipartRequest(
          URL_,
          fields,
          files.map((f) => ({ field: "files", ...f })),
        ),
        editor,
        meta,
      );
    const folderId = async (name: string) => {
      const outcome = await createFolder(t.ctx, { name, description: "", isPublic: true }, editor);
      if (!outcome.ok) throw new Error("no folder");
      return outcome.folder.id;
    };

    it("stores exactly the valid files of twenty mixed ones, under org/default/year=YYYY/, with a message for each other", async () => {
      const { valid, invalid } = await mixedFiles();
      const folder = await folderId("Safety Audits");
      const files = [...valid, ...invalid].sort((a, b) => (a.name.length % 3) - (b.name.length % 3));
      expect(files).toHaveLength(20);
      const outcome = await send({ folderId: folder, category: "TEMPLATE", published: "true" }, files);
      if (!outcome.ok) throw new Error(outcome.message);

      expect(outcome.results).toHaveLength(20);
      const stored = outcome.results.filter((r) => r.ok);
      expect(stored.map((r) => r.name).sort()).toEqual(valid.map((f) => f.name).sort());
      for (const bad of invalid) expect(outcome.results).toContainEqual({ name: bad.name, ok: false, message: bad.message });

      const rows = await allDocuments(t.ctx);
      expect(rows).toHaveLength(12);
      for (const row of rows) {
        expect(row.file_path).toMatch(/^org\/default\/year=2027\//);
        expect(row).toMatchObject({ folder_id: folder, category: "Template", published: 1, uploaded_by: editor.id });
      }
      expect(rows.map((r) => r.title).sort()).toEqual(valid.map((f) => f.name.replace(/\.[^.]+$/, "")).sort());
      expect(rows.find((r) => r.title === "exactly-50mb")?.size).toBe(LIMIT);
      // Exactly the twelve files are on disk: nothing of the refused ones, no temp leftovers.
      expect(await listFiles(filesDir())).toEqual(rows.map((r) => r.file_path!).sort());
    });

    it("titles a single file with the given title, and refuses an empty one (Missing titles) leaving nothing", async () => {
      const pdf = await makePdf();
      const titled = await send({ title: "  Baidoa Safety Audit  ", published: "false", category: "REPORT" }, [
        { name: "scan_0042.pdf", bytes: pdf },
      ]);
      if (!titled.ok) throw new Error(titled.message);
      const result = titled.results[0]!;
      expect(result).toMatchObject({ ok: true, title: "Baidoa Safety Audit" });
      if (result.ok)
        expect(await findDocument(t.ctx, result.documentId)).toMatchObject({ published: 0, folder_id: null, category: "Report" });

      const before = await listFiles(filesDir());
      expect(await send({ title: "   " }, [{ name: "other.pdf", bytes: pdf }])).toEqual({
        ok: false,
        status: 400,
        message: "Missing titles",
        results: [],
      });
      expect(await listFiles(filesDir())).toEqual(before);
      expect(await allDocuments(t.ctx)).toHaveLength(1);
    });

    it("says No files selected for a request without files, and refuses an unknown folder leaving nothing", async () => {
      expect(await send({ category: "REPORT" }, [])).toEqual({ ok: false, status: 400, message: "No files selected", results: [] });
      expect(await send({}, [{ name: "", bytes: new Uint8Array(0) }])).toMatchObject({ ok: false, message: "No files selected" });
      const pdf = await makePdf();
      const unknown = await send({ folderId: "00000000-0000-0000-0000-000000000000" }, [
        { name: "a.pdf", bytes: pdf },
        { name: "b.pdf", bytes: pdf },
      ]);
      expect(unknown).toMatchObject({ ok: false, status: 404, message: "Failed to load folder" });
      expect(await listFiles(filesDir())).toEqual([]);
      expect(await allDocuments(t.ctx)).toHaveLength(0);
    });

    it("refuses more than 100 files at once and keeps none of them", async () => {
      const files = Array.from({ length: 101 }, (_, i) => ({ name: `n${i}.txt`, bytes: bytes(`note ${i}`) }));
      expect(await send({}, files)).toMatchObject({ ok: false, status: 413, message: FOLDER_MESSAGES.tooManyFiles });
      expect(await listFiles(filesDir())).toEqual([]);
    });

    it("removes a stored file whose record fails, and reports that file only", async () => {
      const pdf = await makePdf();
      const folder = await folderId("Data Collection");
      // The documents table is gone after the files are stored: every record fails.
      const drop = t.ctx.db.kysely.schema.dropTable("documents");
      await (engine === "postgres" ? drop.cascade() : drop).execute();
      const outcome = await send({ folderId: folder }, [
        { name: "a.pdf", bytes: pdf },
        { name: "bad.exe", bytes: bytes("MZ") },
      ]);
      if (!outcome.ok) throw new Error(outcome.message);
      expect(outcome.results).toEqual([
        { name: "a.pdf", ok: false, message: FOLDER_MESSAGES.recordFailed },
        { name: "bad.exe", ok: false, message: FOLDER_MESSAGES.invalidType },
      ]);
      expect(await listFiles(filesDir())).toEqual([]);
    });

    it("gives every file the language chosen for the upload, English when none is sent, and refuses one not on the list leaving nothing", async () => {
      const pdf = await makePdf();
      const somali = await send({ language: "so", category: "REPORT" }, [
        { name: "warbixin-a.pdf", bytes: pdf },
        { name: "warbixin-b.pdf", bytes: pdf },
      ]);
      const plain = await send({ category: "REPORT" }, [{ name: "report.pdf", bytes: pdf }]);
      if (!somali.ok || !plain.ok) throw new Error("upload refused");
      const languageOf = Object.fromEntries((await allDocuments(t.ctx)).map((row) => [row.title, row.language]));
      expect(languageOf).toEqual({ "warbixin-a": "so", "warbixin-b": "so", report: "en" });

      const before = await listFiles(filesDir());
      expect(await send({ language: "fr" }, [{ name: "rapport.pdf", bytes: pdf }])).toEqual({
        ok: false,
        status: 400,
        message: "Validation Error: Please choose the document's language from the list",
        results: [],
      });
      expect(await listFiles(filesDir())).toEqual(before);
      expect(await allDocuments(t.ctx)).toHaveLength(3);
    });
  });

  describe(`[${engine}] upload to folder`, () => {
    let t: TestApp;
    let editor: { id: string };
    beforeEach(async () => {
      t = await createTestApp(engine);
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
    });
    afterEach(async () => t.cleanup());

    const send = (fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }) =>
      uploadToFolder(t.ctx, multipartRequest(URL_, fields, file ? [{ field: "file", ...file }] : []), editor, meta);

    it("files one document into the chosen folder with the folder form's category", async () => {
      const folder = await createFolder(t.ctx, { name: "Strategy and TOR", description: "", isPublic: true }, editor);
      if (!folder.ok) throw new Error("no folder");
      const pdf = await makePdf();
      const outcome = await send(
        { folderId: folder.folder.id, title: "Cluster Strategy", description: " 2027 ", category: "POLICY", published: "true" },
        { name: "s.pdf", bytes: pdf },
      );
      if (!outcome.ok) throw new Error(outcome.message);
      expect(outcome.document).toMatchObject({
        title: "Cluster Strategy",
        description: "2027",
        category: "Policy",
        folder_id: folder.folder.id,
        published: 1,
      });
      expect(outcome.document.file_path).toMatch(/^documents\//);

      expect(await send({ folderId: folder.folder.id, title: "" }, { name: "s.pdf", bytes: pdf })).toMatchObject({
        ok: false,
        message: FOLDER_MESSAGES.missing,
      });
      expect(await send({ folderId: "", title: "x" }, { name: "s.pdf", bytes: pdf })).toMatchObject({
        ok: false,
        message: FOLDER_MESSAGES.missing,
      });
      expect(await send({ folderId: "00000000-0000-0000-0000-000000000000", title: "x" }, { name: "s.pdf", bytes: pdf })).toMatchObject({
        ok: false,
        status: 404,
        message: "Failed to load folder",
      });
      expect(await send({ folderId: folder.folder.id, title: "x" }, { name: "s.jpg", bytes: bytes(JPEG) })).toMatchObject({
        ok: false,
        message: FOLDER_MESSAGES.invalidType,
      });
      expect(await listFiles(path.join(t.dataDir, "files"))).toEqual([outcome.document.file_path]);
    });

    it("records the language chosen, English when none is sent, and refuses one not on the list leaving nothing", async () => {
      const folder = await createFolder(t.ctx, { name: "Warbixino", description: "", isPublic: true }, editor);
      if (!folder.ok) throw new Error("no folder");
      const pdf = await makePdf();
      const somali = await send(
        { folderId: folder.folder.id, title: "Warbixinta Baydhabo", language: "so" },
        { name: "w.pdf", bytes: pdf },
      );
      const plain = await send({ folderId: folder.folder.id, title: "Baidoa Report" }, { name: "r.pdf", bytes: pdf });
      if (!somali.ok || !plain.ok) throw new Error("upload refused");
      expect([somali.document.language, plain.document.language]).toEqual(["so", "en"]);

      const refused = await send({ folderId: folder.folder.id, title: "Rapport", language: "fr" }, { name: "f.pdf", bytes: pdf });
      expect(refused).toMatchObject({
        ok: false,
        status: 400,
        message: "Validation Error: Please choose the document's language from the list",
        fields: { title: "Rapport", language: "fr" },
      });
      expect(await allDocuments(t.ctx)).toHaveLength(2);
      expect(await listFiles(path.join(t.dataDir, "files"))).toEqual([somali.document.file_path, plain.document.file_path].sort());
    });
  });
}
