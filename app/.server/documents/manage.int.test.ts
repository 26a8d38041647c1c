import { randomUUID } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { listFiles, makePdf, multipartRequest } from "../../../tests/support/files";
import { publishedDocuments } from "../../../tests/support/lists";
import { activityByAction } from "../activity/activity.service";
import type { PortalEvent } from "../events/bus";
import { createUser } from "../users/users.service";
import { findDocument, listAttachments } from "./documents.service";
import { deleteDocument, updateDocument } from "./manage";
import { uploadDocument } from "./upload";

const meta = { ip: "127.0.0.1", userAgent: "vitest" };

for (const engine of testEngines()) {
  describe(`[${engine}] document editing and deletion`, () => {
    let t: TestApp;
    let uploader: { id: string };
    let clock: Date;
    let events: PortalEvent[];
    beforeEach(async () => {
      clock = new Date("2026-03-01T00:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      uploader = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      events = [];
      t.ctx.events.subscribe((e) => events.push(e));
    });
    afterEach(async () => t.cleanup());

    const filesDir = () => path.join(t.dataDir, "files");

    async function upload(fields: Record<string, string>): Promise<string> {
      const request = multipartRequest("http://localhost/admin/documents", fields, [
        { field: "file", name: "doc.pdf", bytes: await makePdf() },
      ]);
      const outcome = await uploadDocument(t.ctx, request, uploader, meta);
      if (!outcome.ok) throw new Error(outcome.description);
      events.length = 0;
      return outcome.document.id;
    }

    const edit = (overrides: Partial<Parameters<typeof updateDocument>[2]> = {}) => ({
      title: "Kismayo eviction trends",
      description: "",
      category: "Report",
      tags: "",
      published: true,
      partner: "",
      sectors: [],
      locations: [],
      ...overrides,
    });

    it("rewrites the search entry and updated_at, stores an empty description as null and maps the dialog's categories", async () => {
      const id = await upload({ title: "Old title", description: "Old words", tags: "old", category: "Report", published: "true" });
      clock = new Date("2026-03-02T10:00:00.000Z");
      const outcome = await updateDocument(
        t.ctx,
        id,
        edit({
          title: "  Baidoa Site Verification ",
          description: "   ",
          category: "Standards",
          tags: " Verification, baidoa ,verification,",
        }),
      );
      expect(outcome).toMatchObject({
        ok: true,
        document: { title: "Baidoa Site Verification", description: null, category: "Policy", tags: ["Verification", "baidoa"] },
      });
      const row = await findDocument(t.ctx, id);
      expect(row).toMatchObject({
        description: null,
        category: "Policy",
        updated_at: "2026-03-02T10:00:00.000Z",
      });
      expect(row!.created_at).not.toBe(row!.updated_at);
      expect(await publishedDocuments(t.ctx, { q: "old" })).toEqual([]);
      expect((await publishedDocuments(t.ctx, { q: "VERIFICATION", category: "Standards" })).map((d) => d.id)).toEqual([id]);

      await updateDocument(t.ctx, id, edit({ category: "Guidelines", description: "Kept" }));
      expect(await findDocument(t.ctx, id)).toMatchObject({ category: "Guideline", description: "Kept" });
      expect(events.map((e) => [e.type, e.audience])).toEqual([
        ["document.changed", "public"],
        ["document.changed", "public"],
      ]);
    });

    it("refuses an empty title and an unknown category, changing nothing", async () => {
      const id = await upload({ title: "Keep me", published: "true" });
      expect(await updateDocument(t.ctx, id, edit({ title: "   " }))).toEqual({
        ok: false,
        status: 400,
        message: "Validation Error: Title is required",
        field: "title",
      });
      expect(await updateDocument(t.ctx, id, edit({ category: "Nonsense" }))).toMatchObject({ ok: false, status: 400, field: "category" });
      expect(await updateDocument(t.ctx, randomUUID(), edit())).toMatchObject({ ok: false, status: 404 });
      expect(await findDocument(t.ctx, id)).toMatchObject({ title: "Keep me" });
      expect(events).toEqual([]);
    });

    it("announces publishing to everyone and unpublishing by id only; a draft's edits stay among staff", async () => {
      const id = await upload({ title: "Draft memo", published: "false" });
      await updateDocument(t.ctx, id, edit({ title: "Draft memo v2", published: false }));
      await updateDocument(t.ctx, id, edit({ title: "Memo", published: true }));
      await updateDocument(t.ctx, id, edit({ title: "Memo", published: false }));
      expect(events).toEqual([
        { type: "document.changed", audience: "staff", data: { id } },
        { type: "document.published", audience: "public", data: { id, title: "Memo", category: "Report" } },
        { type: "document.removed", audience: "public", data: { id } },
      ]);
      expect(await publishedDocuments(t.ctx)).toEqual([]);
    });

    it("deletes the row, its attachments and every stored file", async () => {
      const id = await upload({ title: "With annexes", published: "true" });
      const keep = await upload({ title: "Another", published: "true" });
      for (const label of ["Annex A", "Annex B"]) {
        const key = `attachments/${randomUUID()}.txt`;
        await t.ctx.storage.put(key, Readable.from([Buffer.from(label)]));
        await t.ctx.db.kysely
          .insertInto("document_attachments")
          .values({
            id: randomUUID(),
            document_id: id,
            label,
            file_path: key,
            file_type: "TXT",
            file_size: 7,
            mime_type: "text/plain",
            sha256: null,
            display_order: 0,
            created_at: clock.toISOString(),
          })
          .execute();
      }
      expect(await listFiles(filesDir())).toHaveLength(4);

      expect(await deleteDocument(t.ctx, id)).toEqual({ title: "With annexes" });
      expect(await findDocument(t.ctx, id)).toBeUndefined();
      expect(await listAttachments(t.ctx, id)).toEqual([]);
      const remaining = await listFiles(filesDir());
      expect(remaining).toEqual([(await findDocument(t.ctx, keep))!.file_path]);
      expect(events).toEqual([{ type: "document.removed", audience: "public", data: { id } }]);
      expect(await deleteDocument(t.ctx, id)).toBeNull();
    });

    it("keeps a draft's deletion among staff, and still deletes the row when a file cannot be removed", async () => {
      const id = await upload({ title: "Secret draft", published: "false" });
      const row = await findDocument(t.ctx, id);
      const storage = t.ctx.storage;
      const failing = Object.create(storage) as typeof storage;
      failing.delete = async () => {
        throw new Error("disk unavailable");
      };
      t.ctx.storage = failing;
      try {
        expect(await deleteDocument(t.ctx, id)).toEqual({ title: "Secret draft" });
      } finally {
        t.ctx.storage = storage;
      }
      expect(await findDocument(t.ctx, id)).toBeUndefined();
      // The orphan stays (and was logged); no row points at a missing file.
      expect(await listFiles(filesDir())).toEqual([row!.file_path]);
      expect(events).toEqual([{ type: "document.removed", audience: "staff", data: { id } }]);
    });

    it("refuses a title, description or tags past their limits, changing nothing", async () => {
      const id = await upload({ title: "Kept title", published: "true" });
      expect(await updateDocument(t.ctx, id, edit({ title: "t".repeat(301) }))).toMatchObject({ ok: false, status: 400, field: "title" });
      expect(await updateDocument(t.ctx, id, edit({ description: "d".repeat(5001) }))).toMatchObject({ ok: false, field: "description" });
      expect(await updateDocument(t.ctx, id, edit({ tags: "x".repeat(61) }))).toMatchObject({
        ok: false,
        field: "tags",
        message: "Validation Error: Each tag must be at most 60 characters",
      });
      expect((await findDocument(t.ctx, id))?.title).toBe("Kept title");
    });

    it("records who edited which fields and who deleted, with the change itself (the audit trail)", async () => {
      const id = await upload({ title: "Old title", description: "Old words", tags: "old", category: "Report", published: "true" });
      const audit = () => activityByAction(t.ctx, "DOCUMENT_UPDATED");
      expect(
        await updateDocument(t.ctx, id, edit({ title: "New title", tags: "old", description: "Old words" }), uploader, meta),
      ).toMatchObject({
        ok: true,
      });
      const [updated, ...others] = await audit();
      expect(others).toEqual([]);
      expect(updated).toMatchObject({
        entity_type: "DOCUMENT",
        entity_id: id,
        user_id: uploader.id,
        ip_address: "127.0.0.1",
        user_agent: "vitest",
      });
      expect(JSON.parse(updated!.details)).toEqual({ title: "New title", changed: ["title"], published: true });

      // A failed edit writes nothing; an unpublishing edit names the field.
      await updateDocument(t.ctx, id, edit({ title: "  " }), uploader, meta);
      clock = new Date(clock.getTime() + 1000); // the trail is newest first
      await updateDocument(
        t.ctx,
        id,
        edit({ title: "New title", tags: "old", description: "Old words", published: false }),
        uploader,
        meta,
      );
      expect((await audit()).map((r) => JSON.parse(r.details).changed)).toEqual([["published"], ["title"]]);

      expect(await deleteDocument(t.ctx, id, uploader, meta)).toEqual({ title: "New title" });
      const deleted = await activityByAction(t.ctx, "DOCUMENT_DELETED");
      expect(deleted).toHaveLength(1);
      expect(deleted[0]).toMatchObject({ entity_id: id, user_id: uploader.id, ip_address: "127.0.0.1" });
      expect(JSON.parse(deleted[0]!.details)).toEqual({ title: "New title", published: false, attachments: 0 });
      expect(await deleteDocument(t.ctx, id, uploader, meta)).toBeNull();
      expect(await activityByAction(t.ctx, "DOCUMENT_DELETED")).toHaveLength(1);
    });
  });
}
