import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GUIDANCE_FOLDERS, quickSetupSummary } from "~/lib/folders";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { addFolderDocument } from "../../../tests/support/folders";
import { activityByAction } from "../activity/activity.service";
import { findDocument } from "../documents/documents.service";
import type { PortalEvent } from "../events/bus";
import { createUser } from "../users/users.service";
import { createFolder, deleteFolder, findAdminFolder, folderChoices, folderView, listFolders } from "./folders.admin";
import { viewSharedFolder } from "./folders.service";
import { ensureGuidanceFolder, runQuickSetup } from "./quick-setup";

const meta = { ip: "127.0.0.1", userAgent: "vitest" };

for (const engine of testEngines()) {
  describe(`[${engine}] folder management`, () => {
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

    const folder = async (name: string, description = "", isPublic = true) => {
      const outcome = await createFolder(t.ctx, { name, description, isPublic }, editor, meta);
      if (!outcome.ok) throw new Error(`folder ${name} not created: ${outcome.reason}`);
      return outcome.folder;
    };
    const addDocument = (title: string, folderId: string | null, published = true) =>
      addFolderDocument(t.ctx, { title, folderId, published, uploadedBy: editor.id });

    it("creates folders with a trimmed name, an optional description and the public switch, and logs it", async () => {
      const made = await folder("  Camp Profiles  ", "  Profiles of every site  ", false);
      expect(made).toMatchObject({
        name: "Camp Profiles",
        description: "Profiles of every site",
        isPublic: false,
        documentCount: 0,
        viewCount: 0,
        shareToken: null,
      });
      const bare = await folder("Maps");
      expect(bare.description).toBeNull();
      expect(await findAdminFolder(t.ctx, made.id)).toMatchObject({ name: "Camp Profiles", isPublic: false });
      const logged = await activityByAction(t.ctx, "FOLDER_CREATED");
      expect(logged.map((r) => r.entity_id).sort()).toEqual([made.id, bare.id].sort());
      expect(logged.every((r) => r.user_id === editor.id)).toBe(true);
      // A private folder concerns staff only; a public one the public too.
      expect(events).toEqual([
        { type: "folder.changed", audience: "staff", data: { id: made.id } },
        { type: "folder.changed", audience: "public", data: { id: bare.id } },
      ]);
    });

    it("does nothing for an empty name and refuses absurdly long ones", async () => {
      expect(await createFolder(t.ctx, { name: "   ", description: "x", isPublic: true }, editor)).toEqual({ ok: false, reason: "empty" });
      expect(await createFolder(t.ctx, { name: "x".repeat(201), description: "", isPublic: true }, editor)).toEqual({
        ok: false,
        reason: "too-long",
      });
      expect((await listFolders(t.ctx)).totals.folders).toBe(0);
    });

    it("lists by name with document counts, searches name and description case-insensitively, and counts totals over all folders", async () => {
      const safety = await folder("Safety Audits", "Risks for women and girls");
      const data = await folder("Data Collection", "Enumerator guidance");
      const empty = await folder("Échanges", "Notes de réunion");
      await addDocument("Audit 1", safety.id);
      await addDocument("Audit draft", safety.id, false);
      await addDocument("Data standards", data.id);
      await addDocument("Loose document", null);
      await t.ctx.db.kysely.updateTable("folders").set({ view_count: 7 }).where("id", "=", safety.id).execute();
      await t.ctx.db.kysely.updateTable("folders").set({ view_count: 5 }).where("id", "=", data.id).execute();

      const all = await listFolders(t.ctx);
      expect(all.page.items.map((f) => [f.name, f.documentCount, f.viewCount])).toEqual([
        ["Data Collection", 1, 5],
        ["Échanges", 0, 0],
        ["Safety Audits", 2, 7],
      ]);
      expect(all.totals).toEqual({ folders: 3, documents: 3, views: 12 });
      expect((await listFolders(t.ctx, "AUDIT")).page.items.map((f) => f.name)).toEqual(["Safety Audits"]);
      expect((await listFolders(t.ctx, "  girls ")).page.items.map((f) => f.name)).toEqual(["Safety Audits"]);
      expect((await listFolders(t.ctx, "RÉUNION")).page.items.map((f) => f.id)).toEqual([empty.id]);
      const none = await listFolders(t.ctx, "nothing like this");
      expect(none.page).toEqual({ items: [], total: 0, page: 1, per: 24, pageCount: 1 });
      expect(none.totals.folders).toBe(3);
      expect((await folderChoices(t.ctx)).map((f) => f.name)).toEqual(["Data Collection", "Échanges", "Safety Audits"]);
    });

    it("shows a folder's documents to staff, drafts included, and null for an unknown folder", async () => {
      const safety = await folder("Safety Audits");
      await addDocument("b published", safety.id);
      await addDocument("A draft", safety.id, false);
      const view = await folderView(t.ctx, safety.id);
      expect(view?.folder.documentCount).toBe(2);
      expect(view?.documents.items.map((d) => [d.title, d.published])).toEqual([
        ["A draft", false],
        ["b published", true],
      ]);
      expect(await folderView(t.ctx, "00000000-0000-0000-0000-000000000000")).toBeNull();
    });

    it("deletes a folder but keeps its documents, out of any folder, and its share link stops working", async () => {
      const safety = await folder("Safety Audits");
      const doc = await addDocument("Audit", safety.id);
      await t.ctx.db.kysely
        .updateTable("folders")
        .set({ share_token: "a".repeat(43) })
        .where("id", "=", safety.id)
        .execute();
      expect(await viewSharedFolder(t.ctx, "a".repeat(43), { countView: false })).not.toBeNull();
      events = [];
      expect(await deleteFolder(t.ctx, safety.id, editor, meta)).toEqual({ name: "Safety Audits", movedDocuments: 1 });
      expect(await findDocument(t.ctx, doc.id)).toMatchObject({ id: doc.id, folder_id: null });
      expect(await viewSharedFolder(t.ctx, "a".repeat(43), { countView: false })).toBeNull();
      expect((await listFolders(t.ctx)).totals).toEqual({ folders: 0, documents: 0, views: 0 });
      expect(events).toEqual([{ type: "folder.changed", audience: "public", data: { id: safety.id } }]);
      expect((await activityByAction(t.ctx, "FOLDER_DELETED"))[0]).toMatchObject({ entity_id: safety.id, user_id: editor.id });
      expect(await deleteFolder(t.ctx, safety.id, editor, meta)).toBeNull();
    });
  });

  describe(`[${engine}] quick setup`, () => {
    let t: TestApp;
    let editor: { id: string };
    beforeEach(async () => {
      t = await createTestApp(engine);
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
    });
    afterEach(async () => t.cleanup());

    it("creates the eleven guidance folders once; a second run finds them all and creates nothing", async () => {
      const first = await runQuickSetup(t.ctx, editor, meta);
      expect(first.map((r) => r.name)).toEqual([...GUIDANCE_FOLDERS]);
      expect(first.every((r) => r.status === "success" && r.existed === false)).toBe(true);
      expect(quickSetupSummary(first)).toBe("11 succeeded, 0 failed");
      const listed = await listFolders(t.ctx);
      expect(listed.totals.folders).toBe(11);
      expect(listed.page.items.every((f) => f.isPublic && f.description === null)).toBe(true);

      const second = await runQuickSetup(t.ctx, editor, meta);
      expect(second.every((r) => r.status === "success" && r.existed === true)).toBe(true);
      expect(quickSetupSummary(second)).toBe("11 succeeded, 0 failed");
      expect((await listFolders(t.ctx)).totals.folders).toBe(11);
    });

    it("counts a folder of the same name in other letter case as existing, and refuses names not on the list", async () => {
      await createFolder(t.ctx, { name: "safety audits", description: "", isPublic: false }, editor);
      expect(await ensureGuidanceFolder(t.ctx, "Safety Audits", editor)).toEqual({
        name: "Safety Audits",
        status: "success",
        existed: true,
      });
      expect(await ensureGuidanceFolder(t.ctx, "Net 2.0", editor)).toEqual({ name: "Net 2.0", status: "success", existed: false });
      expect(await ensureGuidanceFolder(t.ctx, "Anything Else", editor)).toEqual({ name: "Anything Else", status: "error" });
      expect((await listFolders(t.ctx)).page.items.map((f) => f.name)).toEqual(["Net 2.0", "safety audits"]);
    });

    it("reports an error per folder when the database refuses, and carries on", async () => {
      const drop = t.ctx.db.kysely.schema.dropTable("folders");
      await (engine === "postgres" ? drop.cascade() : drop).execute();
      const results = await runQuickSetup(t.ctx, editor, meta);
      expect(results).toHaveLength(11);
      expect(results.every((r) => r.status === "error")).toBe(true);
      expect(quickSetupSummary(results)).toBe("0 succeeded, 11 failed");
    });
  });
}
