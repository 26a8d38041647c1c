import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { activityByAction } from "../activity/activity.service";
import { createDocument, findSharedDocument } from "../documents/documents.service";
import type { PortalEvent } from "../events/bus";
import { createFolder } from "../folders/folders.admin";
import { viewSharedFolder } from "../folders/folders.service";
import { createUser } from "../users/users.service";
import { ensureShareToken, listShareLinks, regenerateShareToken, revokeShareToken } from "./shares.service";

const meta = { ip: "127.0.0.1", userAgent: "vitest" };
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const UNKNOWN = "00000000-0000-0000-0000-000000000000";

for (const engine of testEngines()) {
  describe(`[${engine}] share links`, () => {
    let t: TestApp;
    let editor: { id: string };
    let events: PortalEvent[];
    beforeEach(async () => {
      t = await createTestApp(engine);
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
      events = [];
      t.ctx.events.subscribe((e) => events.push(e));
    });
    afterEach(async () => t.cleanup());

    const addDocument = (title: string, published = true) =>
      createDocument(t.ctx, {
        title,
        description: null,
        category: "Policy",
        tags: [],
        published,
        folderId: null,
        uploadedBy: editor.id,
        file: null,
      });
    const addFolder = async (name: string, isPublic = true) => {
      const outcome = await createFolder(t.ctx, { name, description: "", isPublic }, editor);
      if (!outcome.ok) throw new Error("folder not created");
      return outcome.folder;
    };
    const token = (outcome: Awaited<ReturnType<typeof ensureShareToken>>) => {
      if (!outcome.ok) throw new Error(`no token: ${outcome.reason}`);
      return outcome.token;
    };

    it("creates a document token of 32 random bytes (base64url) once; asking again gives the same one", async () => {
      const doc = await addDocument("Strategy");
      events = [];
      const first = await ensureShareToken(t.ctx, "document", doc.id, editor, meta);
      expect(first).toMatchObject({ ok: true, created: true, label: "Strategy" });
      expect(token(first)).toMatch(TOKEN);
      expect(Buffer.from(token(first), "base64url")).toHaveLength(32);
      const again = await ensureShareToken(t.ctx, "document", doc.id, editor, meta);
      expect(again).toEqual({ ok: true, token: token(first), created: false, label: "Strategy" });
      expect((await findSharedDocument(t.ctx, token(first)))?.id).toBe(doc.id);
      const logged = await activityByAction(t.ctx, "SHARE_LINK_CREATED");
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ entity_id: doc.id, entity_type: "DOCUMENT", user_id: editor.id });
      // The token is a secret: it is never written to the log.
      expect(logged[0]!.details).not.toContain(token(first));
      expect(events).toEqual([{ type: "document.changed", audience: "public", data: { id: doc.id } }]);
    });

    it("revokes a folder link (the old one is not found at once) and regenerates it (old not found, new works)", async () => {
      const folder = await addFolder("Site Verifications");
      const original = token(await ensureShareToken(t.ctx, "folder", folder.id, editor, meta));
      expect(await viewSharedFolder(t.ctx, original, { countView: false })).not.toBeNull();

      const regenerated = await regenerateShareToken(t.ctx, "folder", folder.id, editor, meta);
      const fresh = token(regenerated);
      expect(fresh).not.toBe(original);
      expect(await viewSharedFolder(t.ctx, original, { countView: false })).toBeNull();
      expect((await viewSharedFolder(t.ctx, fresh, { countView: false }))?.folder.id).toBe(folder.id);

      expect(await revokeShareToken(t.ctx, "folder", folder.id, editor, meta)).toEqual({ ok: true, label: "Site Verifications" });
      expect(await viewSharedFolder(t.ctx, fresh, { countView: false })).toBeNull();
      expect(await revokeShareToken(t.ctx, "folder", folder.id, editor, meta)).toEqual({ ok: false, reason: "no-link" });
      expect(await regenerateShareToken(t.ctx, "folder", folder.id, editor, meta)).toEqual({ ok: false, reason: "no-link" });
      expect(await activityByAction(t.ctx, "SHARE_LINK_REVOKED")).toHaveLength(1);
      expect(await activityByAction(t.ctx, "SHARE_LINK_REGENERATED")).toHaveLength(1);
    });

    it("revokes and regenerates document links the same way", async () => {
      const doc = await addDocument("Minimum Standards");
      const original = token(await ensureShareToken(t.ctx, "document", doc.id, editor, meta));
      const fresh = token(await regenerateShareToken(t.ctx, "document", doc.id, editor, meta));
      expect(await findSharedDocument(t.ctx, original)).toBeNull();
      expect((await findSharedDocument(t.ctx, fresh))?.id).toBe(doc.id);
      await revokeShareToken(t.ctx, "document", doc.id, editor, meta);
      expect(await findSharedDocument(t.ctx, fresh)).toBeNull();
      // The document itself is still there under its id.
      expect((await findSharedDocument(t.ctx, doc.id))?.id).toBe(doc.id);
    });

    it("answers not-found for unknown ids and announces private subjects to staff only", async () => {
      expect(await ensureShareToken(t.ctx, "document", UNKNOWN, editor)).toEqual({ ok: false, reason: "not-found" });
      expect(await regenerateShareToken(t.ctx, "folder", UNKNOWN, editor)).toEqual({ ok: false, reason: "not-found" });
      expect(await revokeShareToken(t.ctx, "folder", UNKNOWN, editor)).toEqual({ ok: false, reason: "not-found" });
      const draft = await addDocument("Draft", false);
      const hidden = await addFolder("Private", false);
      events = [];
      const draftToken = token(await ensureShareToken(t.ctx, "document", draft.id, editor));
      token(await ensureShareToken(t.ctx, "folder", hidden.id, editor));
      expect(events.map((e) => e.audience)).toEqual(["staff", "staff"]);
      // A draft's token opens nothing until the document is published.
      expect(await findSharedDocument(t.ctx, draftToken)).toBeNull();
    });

    it("lists what has a link and what has none, and gives one token when two ask at once", async () => {
      const shared = await addDocument("Shared doc");
      const other = await addDocument("Other doc");
      const folder = await addFolder("Safety Audits", false);
      await addFolder("Data Collection");
      const tokens = await Promise.all(Array.from({ length: 5 }, () => ensureShareToken(t.ctx, "document", shared.id, editor)));
      expect(new Set(tokens.map(token)).size).toBe(1);
      expect(tokens.filter((o) => o.ok && o.created)).toHaveLength(1);
      await ensureShareToken(t.ctx, "folder", folder.id, editor);
      const links = await listShareLinks(t.ctx);
      expect(links.documents.items).toEqual([
        {
          id: shared.id,
          title: "Shared doc",
          category: "Policy",
          published: true,
          createdAt: shared.created_at,
          downloads: 0,
          token: token(tokens[0]!),
        },
      ]);
      expect(links.documents).toMatchObject({ total: 1, page: 1, pageCount: 1 });
      expect(links.folders.items).toEqual([expect.objectContaining({ id: folder.id, name: "Safety Audits", isPublic: false, views: 0 })]);
      expect(links.folders).toMatchObject({ total: 1, page: 1, pageCount: 1 });
      expect(links.unshared.documents).toEqual({ choices: [{ id: other.id, label: "Other doc" }], find: "", more: false });
      expect(links.unshared.folders.choices.map((f) => f.label)).toEqual(["Data Collection"]);
    });
  });
}
