import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ATTACHMENT_MESSAGES, DOCUMENT_MESSAGES } from "~/lib/document-form";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { listFiles, makePdf, multipartRequest } from "../../../tests/support/files";
import type { PortalEvent } from "../events/bus";
import { UPLOAD_MESSAGES } from "../uploads/multipart";
import { createUser } from "../users/users.service";
import { addAttachment, listDocumentAttachments, relabelAttachment, removeAttachment } from "./attachments";
import { documentDetailView } from "./detail";
import { uploadDocument } from "./upload";

const meta = { ip: "127.0.0.1", userAgent: "vitest" };
const LIMIT = 52_428_800;

function sized(head: string, size: number): Uint8Array {
  const out = new Uint8Array(size).fill(0x20);
  out.set(Buffer.from(head));
  return out;
}

/**
 * Issue 9 item 12: staff add, relabel and remove a document's attachments on its edit page, with
 * the uploads' type, size and content checks; nothing half-stored is ever left behind.
 */
for (const engine of testEngines()) {
  describe(`[${engine}] document attachments`, () => {
    let t: TestApp;
    let editor: { id: string };
    let documentId: string;
    let events: PortalEvent[];
    let clock: Date;
    beforeEach(async () => {
      clock = new Date("2026-05-01T08:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      const uploaded = await uploadDocument(
        t.ctx,
        multipartRequest("http://localhost/admin/documents", { title: "Kismayo site profile", published: "true" }, [
          { field: "file", name: "profile.pdf", bytes: await makePdf("profile") },
        ]),
        editor,
        meta,
      );
      if (!uploaded.ok) throw new Error(uploaded.description);
      documentId = uploaded.document.id;
      events = [];
      t.ctx.events.subscribe((e) => events.push(e));
    });
    afterEach(async () => t.cleanup());

    const filesDir = () => path.join(t.dataDir, "files");
    const attachmentFiles = async () => (await listFiles(filesDir())).filter((f) => f.startsWith("attachments/"));
    const add = (fields: Record<string, string>, file?: { name: string; bytes: Uint8Array }, id = documentId) => {
      clock = new Date(clock.getTime() + 1000);
      return addAttachment(
        t.ctx,
        multipartRequest(`http://localhost/admin/documents/${id}/edit`, fields, file ? [{ field: "file", ...file }] : []),
        id,
      );
    };

    it("adds attachments in order, streamed to storage, labelled (or named after the file), shown on the detail page", async () => {
      const first = await add({ label: "  Annex A: site list " }, { name: "sites.csv", bytes: Buffer.from("site,households\nA,120\n") });
      expect(first).toMatchObject({ ok: true, attachment: { label: "Annex A: site list", file_type: "CSV" } });
      const second = await add({ label: "" }, { name: "Kismayo map.pdf", bytes: await makePdf("map") });
      expect(second).toMatchObject({ ok: true, attachment: { label: "Kismayo map", file_type: "PDF" } });

      const listed = await listDocumentAttachments(t.ctx, documentId);
      expect(listed.map((a) => a.label)).toEqual(["Annex A: site list", "Kismayo map"]);
      expect(listed[0]).toMatchObject({ file_type: "CSV", file_size: 22 });
      const rows = await t.ctx.db.kysely.selectFrom("document_attachments").selectAll().orderBy("display_order").execute();
      expect(rows.map((r) => [r.display_order, r.mime_type])).toEqual([
        [0, "text/csv"],
        [1, "application/pdf"],
      ]);
      expect(rows[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(await attachmentFiles()).toHaveLength(2);
      expect(events.map((e) => e.type)).toEqual(["document.changed", "document.changed"]);

      const view = await documentDetailView(t.ctx, { key: documentId, byToken: false, countView: false, previewOpen: false });
      expect(view?.attachments.map((a) => a.label)).toEqual(["Annex A: site list", "Kismayo map"]);
    });

    it("refuses a disguised file, another type, an oversized file and no file with the spec's messages, storing nothing", async () => {
      for (const [file, message, status] of [
        [{ name: "annex.pdf", bytes: Buffer.from("MZ\x90\x00 an executable") }, DOCUMENT_MESSAGES.invalidType, 400],
        [{ name: "setup.exe", bytes: Buffer.from("MZ\x90\x00") }, DOCUMENT_MESSAGES.invalidType, 400],
        [{ name: "huge.pdf", bytes: sized("%PDF-1.7\n", LIMIT + 1) }, DOCUMENT_MESSAGES.tooLarge, 413],
        [undefined, DOCUMENT_MESSAGES.missing, 400],
      ] as const) {
        expect(await add({ label: "Annex" }, file)).toEqual({ ok: false, status, message });
      }
      expect(await attachmentFiles()).toEqual([]);
      expect(await listFiles(path.join(filesDir(), ".tmp"))).toEqual([]);
      expect(await listDocumentAttachments(t.ctx, documentId)).toEqual([]);
    });

    it("accepts exactly 50 MB", async () => {
      expect(await add({ label: "Big annex" }, { name: "big.pdf", bytes: sized("%PDF-1.7\n", LIMIT) })).toMatchObject({ ok: true });
    });

    it("refuses a label over 200 characters and an unknown document, storing nothing", async () => {
      const pdf = { name: "a.pdf", bytes: await makePdf("a") };
      expect(await add({ label: "L".repeat(201) }, pdf)).toEqual({ ok: false, status: 400, message: ATTACHMENT_MESSAGES.labelTooLong });
      expect(await add({ label: "Annex" }, pdf, "00000000-0000-4000-8000-000000000000")).toEqual({
        ok: false,
        status: 404,
        message: ATTACHMENT_MESSAGES.documentNotFound,
      });
      expect(await attachmentFiles()).toEqual([]);
      expect(await t.ctx.db.kysely.selectFrom("document_attachments").selectAll().execute()).toEqual([]);
    });

    it("leaves neither a half file nor a row when the connection breaks mid-upload", async () => {
      const whole = multipartRequest(`http://localhost/admin/documents/${documentId}/edit`, { label: "Broken" }, [
        { field: "file", name: "big.pdf", bytes: sized("%PDF-1.7\n", 3 * 1024 * 1024) },
      ]);
      const bytes = new Uint8Array(await whole.arrayBuffer());
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= bytes.length / 2) return controller.error(new Error("connection reset"));
          controller.enqueue(bytes.subarray(sent, sent + 64 * 1024));
          sent += 64 * 1024;
        },
      });
      const broken = new Request(whole.url, { method: "POST", headers: whole.headers, body, duplex: "half" } as RequestInit);
      // The client's side broke: answered like any form that cannot be read (the client is gone anyway).
      expect(await addAttachment(t.ctx, broken, documentId)).toMatchObject({ ok: false, status: 400, message: UPLOAD_MESSAGES.unreadable });
      expect(await attachmentFiles()).toEqual([]);
      expect(await listFiles(path.join(filesDir(), ".tmp"))).toEqual([]);
      expect(await listDocumentAttachments(t.ctx, documentId)).toEqual([]);
    });

    it("relabels: trimmed, required, at most 200 characters, only within its own document", async () => {
      const added = await add({ label: "Annex" }, { name: "a.pdf", bytes: await makePdf("a") });
      if (!added.ok) throw new Error(added.message);
      const id = added.attachment.id;
      expect(await relabelAttachment(t.ctx, documentId, id, "  Annex B: verification form ")).toMatchObject({
        ok: true,
        attachment: { label: "Annex B: verification form" },
      });
      expect(await relabelAttachment(t.ctx, documentId, id, "   ")).toEqual({
        ok: false,
        status: 400,
        message: ATTACHMENT_MESSAGES.labelRequired,
      });
      expect(await relabelAttachment(t.ctx, documentId, id, "L".repeat(201))).toEqual({
        ok: false,
        status: 400,
        message: ATTACHMENT_MESSAGES.labelTooLong,
      });
      expect(await relabelAttachment(t.ctx, "00000000-0000-4000-8000-000000000000", id, "Elsewhere")).toEqual({
        ok: false,
        status: 404,
        message: ATTACHMENT_MESSAGES.notFound,
      });
      expect((await listDocumentAttachments(t.ctx, documentId)).map((a) => a.label)).toEqual(["Annex B: verification form"]);
    });

    it("removes the row and its stored file, keeping a file another row still names", async () => {
      const a = await add({ label: "A" }, { name: "a.pdf", bytes: await makePdf("a") });
      const b = await add({ label: "B" }, { name: "b.pdf", bytes: await makePdf("b") });
      if (!a.ok || !b.ok) throw new Error("add failed");
      const db = t.ctx.db.kysely;
      const rowB = await db.selectFrom("document_attachments").selectAll().where("id", "=", b.attachment.id).executeTakeFirstOrThrow();
      // A second label for the same stored file, as imported data may have (transfer tests do).
      await db
        .insertInto("document_attachments")
        .values({ ...rowB, id: "00000000-0000-4000-8000-0000000000bb", label: "B again", display_order: 5 })
        .execute();

      expect(await removeAttachment(t.ctx, documentId, a.attachment.id)).toEqual({ title: "A" });
      expect(await attachmentFiles()).toEqual([rowB.file_path]);
      expect(await removeAttachment(t.ctx, documentId, b.attachment.id)).toEqual({ title: "B" });
      expect(await attachmentFiles()).toEqual([rowB.file_path]);
      expect(await removeAttachment(t.ctx, documentId, "00000000-0000-4000-8000-0000000000bb")).toEqual({ title: "B again" });
      expect(await attachmentFiles()).toEqual([]);
      expect(await removeAttachment(t.ctx, documentId, a.attachment.id)).toBeNull();
      expect(await listDocumentAttachments(t.ctx, documentId)).toEqual([]);
    });
  });
}
