import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { makePdf } from "../../../tests/support/files";
import { activityByAction } from "../activity/activity.service";
import { closeAppContext, openAppContext } from "../context";
import { getOrCreateSecret, rotateSecret } from "../settings/settings.service";
import { documentDetailView } from "./detail";
import { createDocument, findPublishedDocument, findSharedDocument, listAttachments } from "./documents.service";
import { resolveSignedFile, SIGNED_LINK_TTL_SECONDS, SIGNING_KEY, SIGNING_KEY_REFRESH_MS } from "./signed-links";

for (const engine of testEngines()) {
  describe(`[${engine}] document detail, views and signed links`, () => {
    let t: TestApp;
    let clock: Date;
    beforeEach(async () => {
      clock = new Date("2026-02-01T08:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
    });
    afterEach(async () => t.cleanup());

    async function addDocument(title: string, options: { published?: boolean; ext?: string; bytes?: Uint8Array } = {}) {
      const ext = options.ext ?? "pdf";
      const bytes = options.bytes ?? (await makePdf(title));
      const key = `documents/2026/02/${randomUUID()}.${ext}`;
      const stored = await t.ctx.storage.put(key, Readable.from([Buffer.from(bytes)]));
      const mimeType = ext === "pdf" ? "application/pdf" : "text/plain";
      return createDocument(t.ctx, {
        title,
        description: `About ${title}`,
        category: "Report",
        tags: ["Baidoa"],
        published: options.published ?? true,
        uploadedBy: null,
        file: { key, originalName: `${title}.${ext}`, ext, mimeType, size: stored.size, sha256: stored.sha256 },
      });
    }

    async function setColumns(
      id: string,
      values: { published?: number; share_token?: string; partner?: string; sectors?: string; locations?: string },
    ) {
      await t.ctx.db.kysely.updateTable("documents").set(values).where("id", "=", id).execute();
    }

    const view = (key: string, extra: Partial<Parameters<typeof documentDetailView>[1]> = {}) =>
      documentDetailView(t.ctx, { key, byToken: false, countView: false, previewOpen: false, ...extra });

    it("finds published documents by id, and by share token only on the shared route", async () => {
      const doc = await addDocument("Kismayo snapshot");
      await setColumns(doc.id, {
        share_token: "tok_kismayo_0123456789",
        partner: "IOM",
        sectors: '["CCCM","Shelter"]',
        locations: '["Kismayo"]',
      });
      expect((await findPublishedDocument(t.ctx, doc.id))?.title).toBe("Kismayo snapshot");
      expect(await findPublishedDocument(t.ctx, "tok_kismayo_0123456789")).toBeNull();
      expect((await findSharedDocument(t.ctx, "tok_kismayo_0123456789"))?.id).toBe(doc.id);
      expect((await findSharedDocument(t.ctx, doc.id))?.id).toBe(doc.id);
      expect(await findSharedDocument(t.ctx, "tok_unknown")).toBeNull();

      const detail = await view("tok_kismayo_0123456789", { byToken: true });
      expect(detail?.document).toMatchObject({
        id: doc.id,
        partner: "IOM",
        sectors: ["CCCM", "Shelter"],
        locations: ["Kismayo"],
        tags: ["Baidoa"],
        extension: "pdf",
      });
      expect(detail?.preview.kind).toBe("pdf");
      expect(detail?.preview.url).toMatch(new RegExp(`^/api/files/${doc.id}\\?v=[0-9a-f]{64}&exp=\\d+&d=inline&sig=`));
    });

    it("treats unpublished documents as unknown, by id and by token", async () => {
      const draft = await addDocument("Draft safety audit", { published: false });
      await setColumns(draft.id, { share_token: "tok_draft_0123456789" });
      expect(await findPublishedDocument(t.ctx, draft.id)).toBeNull();
      expect(await findSharedDocument(t.ctx, "tok_draft_0123456789")).toBeNull();
      expect(await view(draft.id, { countView: true })).toBeNull();
      expect(await view("tok_draft_0123456789", { byToken: true })).toBeNull();
      expect(await activityByAction(t.ctx, "VIEW_DOCUMENT")).toHaveLength(0);
    });

    it("lists attachments in display order and serves them while the document is published", async () => {
      const doc = await addDocument("Eviction trends");
      const put = async (label: string, order: number) => {
        const key = `attachments/${randomUUID()}.txt`;
        const stored = await t.ctx.storage.put(key, Readable.from([Buffer.from(`${label} contents`)]));
        await t.ctx.db.kysely
          .insertInto("document_attachments")
          .values({
            id: randomUUID(),
            document_id: doc.id,
            label,
            file_path: key,
            file_type: "TXT",
            file_size: stored.size,
            mime_type: "text/plain",
            sha256: stored.sha256,
            display_order: order,
            created_at: clock.toISOString(),
          })
          .execute();
      };
      await put("Annex C", 3);
      await put("Annex A", 1);
      await put("Annex B", 2);
      expect((await listAttachments(t.ctx, doc.id)).map((a) => a.label)).toEqual(["Annex A", "Annex B", "Annex C"]);

      const detail = await view(doc.id);
      expect(detail?.attachments.map((a) => a.label)).toEqual(["Annex A", "Annex B", "Annex C"]);
      const first = detail!.attachments[0]!;
      const url = new URL(first.url, "http://portal.test");
      expect(url.pathname).toBe(`/api/attachments/${first.id}`);
      const served = await resolveSignedFile(t.ctx, "attachment", first.id, url.searchParams);
      expect(served).toMatchObject({ ok: true, file: { disposition: "attachment", mimeType: "text/plain", fileName: "Annex_A.txt" } });

      await setColumns(doc.id, { published: 0 });
      expect(await resolveSignedFile(t.ctx, "attachment", first.id, url.searchParams)).toEqual({
        ok: false,
        status: 404,
        code: "not-found",
        message: "Document not found",
      });
    });

    it("counts one view per counted request and logs VIEW_DOCUMENT with the title", async () => {
      const doc = await addDocument("Baidoa monitoring round 12");
      expect((await view(doc.id))?.document.view_count).toBe(0);
      expect((await view(doc.id, { countView: true, meta: { ip: "10.0.0.5", userAgent: "vitest" } }))?.document.view_count).toBe(1);
      expect((await view(doc.id, { countView: true }))?.document.view_count).toBe(2);
      expect((await findPublishedDocument(t.ctx, doc.id))?.view_count).toBe(2);
      const rows = await activityByAction(t.ctx, "VIEW_DOCUMENT");
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.entity_type === "content" && r.entity_id === doc.id)).toBe(true);
      expect(JSON.parse(rows[0]!.details)).toEqual({ title: "Baidoa monitoring round 12" });
      expect(rows.map((r) => r.ip_address)).toContain("10.0.0.5");
      await Promise.all([1, 2, 3, 4, 5].map(() => view(doc.id, { countView: true })));
      expect((await findPublishedDocument(t.ctx, doc.id))?.view_count).toBe(7);
    });

    it("serves signed preview links until they expire, the file changes or the document is unpublished", async () => {
      const doc = await addDocument("Strategy");
      const link = new URL((await view(doc.id))!.preview.url!, "http://portal.test");
      expect(await resolveSignedFile(t.ctx, "document", doc.id, link.searchParams)).toMatchObject({
        ok: true,
        file: { disposition: "inline", mimeType: "application/pdf", fileName: "Strategy.pdf", size: doc.size },
      });
      const tampered = new URLSearchParams(link.searchParams);
      tampered.set("d", "attachment");
      const expired = { ok: false, status: 403, code: "expired", message: "This link has expired. Reload the page for a new one." };
      expect(await resolveSignedFile(t.ctx, "document", doc.id, tampered)).toEqual(expired);

      clock = new Date(clock.getTime() + SIGNED_LINK_TTL_SECONDS * 1000);
      expect(await resolveSignedFile(t.ctx, "document", doc.id, link.searchParams)).toEqual(expired);

      const fresh = new URL((await view(doc.id))!.preview.url!, "http://portal.test");
      await t.ctx.db.kysely
        .updateTable("documents")
        .set({ sha256: "f".repeat(64) })
        .where("id", "=", doc.id)
        .execute();
      expect(await resolveSignedFile(t.ctx, "document", doc.id, fresh.searchParams)).toEqual(expired);

      const current = new URL((await view(doc.id))!.preview.url!, "http://portal.test");
      await setColumns(doc.id, { published: 0 });
      expect(await resolveSignedFile(t.ctx, "document", doc.id, current.searchParams)).toEqual({
        ok: false,
        status: 404,
        code: "not-found",
        message: "Document not found",
      });
    });

    it("reads the start of a text file for the server-rendered preview, as an attachment link", async () => {
      const text = `Site,Households\n${"Baidoa,120\n".repeat(3000)}`;
      const doc = await addDocument("Site list", { ext: "txt", bytes: new TextEncoder().encode(text) });
      const closed = await view(doc.id);
      expect(closed?.preview).toMatchObject({ kind: "text", text: null });
      expect(closed?.preview.url).toContain("d=attachment");
      const open = await view(doc.id, { previewOpen: true });
      expect(open?.preview.text).toEqual({ content: text.slice(0, 20 * 1024), truncated: true });
    });

    it("keeps one signing secret in the settings table, shared by every instance on the database", async () => {
      const second = await openAppContext({ config: t.ctx.config, log: t.ctx.log, migrate: false });
      try {
        const [a, b] = await Promise.all([getOrCreateSecret(t.ctx, "signed-links"), getOrCreateSecret(second, "signed-links")]);
        expect(a.length).toBe(32);
        expect(b.equals(a)).toBe(true);
        expect((await getOrCreateSecret(second, "signed-links")).equals(a)).toBe(true);
        expect((await getOrCreateSecret(t.ctx, "other")).equals(a)).toBe(false);
        const row = await t.ctx.db.kysely
          .selectFrom("settings")
          .selectAll()
          .where("key", "=", "secret:signed-links")
          .executeTakeFirstOrThrow();
        expect(Buffer.from(JSON.parse(row.value) as string, "base64url").equals(a)).toBe(true);

        // A link signed by one instance is accepted by the other.
        const doc = await addDocument("Shared by two instances");
        const link = new URL((await view(doc.id))!.preview.url!, "http://portal.test");
        expect((await resolveSignedFile({ ...second, now: t.ctx.now }, "document", doc.id, link.searchParams)).ok).toBe(true);
      } finally {
        await closeAppContext(second);
      }
    });

    it("keys:rotate ends every link handed out so far, on every instance within a minute", async () => {
      const second = await openAppContext({ config: t.ctx.config, log: t.ctx.log, migrate: false });
      const other = Object.assign(second, { now: () => clock });
      try {
        const doc = await addDocument("Rotated");
        const link = new URL((await view(doc.id))!.preview.url!, "http://portal.test");
        expect((await resolveSignedFile(other, "document", doc.id, link.searchParams)).ok).toBe(true);

        await rotateSecret(t.ctx, SIGNING_KEY);
        const [event] = await activityByAction(t.ctx, "SIGNING_KEY_ROTATED");
        expect(event).toMatchObject({ entity_type: "SECURITY", user_id: null });
        expect(JSON.parse(event!.details)).toEqual({ key: "signed-links" });

        // Both instances read the key again within a minute; then the old link is refused everywhere.
        clock = new Date(clock.getTime() + SIGNING_KEY_REFRESH_MS);
        const refused = { ok: false, status: 403, code: "expired", message: "This link has expired. Reload the page for a new one." };
        expect(await resolveSignedFile(t.ctx, "document", doc.id, link.searchParams)).toEqual(refused);
        expect(await resolveSignedFile(other, "document", doc.id, link.searchParams)).toEqual(refused);
        // A link handed out now works on both.
        const fresh = new URL((await view(doc.id))!.preview.url!, "http://portal.test");
        expect((await resolveSignedFile(t.ctx, "document", doc.id, fresh.searchParams)).ok).toBe(true);
        expect((await resolveSignedFile(other, "document", doc.id, fresh.searchParams)).ok).toBe(true);
      } finally {
        await closeAppContext(second);
      }
    });
  });
}
