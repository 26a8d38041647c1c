import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { addFolderDocument, insertFolder } from "../../../tests/support/folders";
import { viewSharedFolder } from "./folders.service";

for (const engine of testEngines()) {
  describe(`[${engine}] shared folders`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(engine);
    });
    afterEach(async () => t.cleanup());

    const addFolder = (fields: { name: string; isPublic: boolean; shared: boolean }) => insertFolder(t.ctx, fields);

    const addDocument = (title: string, folderId: string | null, published: boolean) =>
      addFolderDocument(t.ctx, { title, folderId, published });

    async function viewCount(id: string): Promise<number> {
      const row = await t.ctx.db.kysely.selectFrom("folders").select("view_count").where("id", "=", id).executeTakeFirstOrThrow();
      return row.view_count;
    }

    it("shows a public folder's published documents only, ordered by title, with the count", async () => {
      const folder = await addFolder({ name: "Safety Audits", isPublic: true, shared: true });
      const other = await addFolder({ name: "Other", isPublic: true, shared: true });
      await addDocument("safety audit checklist", folder.id, true);
      await addDocument("Zone map", folder.id, true);
      await addDocument("Audit findings (draft)", folder.id, false);
      await addDocument("Baseline report", folder.id, true);
      await addDocument("Not in this folder", other.id, true);
      await addDocument("Loose document", null, true);

      const view = await viewSharedFolder(t.ctx, folder.token!, { countView: true });
      expect(view?.folder).toEqual({ id: folder.id, name: "Safety Audits", description: "About Safety Audits", documentCount: 3 });
      expect(view?.documents.items.map((d) => d.title)).toEqual(["Baseline report", "safety audit checklist", "Zone map"]);
      expect(view?.documents).toMatchObject({ total: 3, page: 1, per: 24, pageCount: 1 });
      // Nothing beyond the public fields leaves the server.
      expect(Object.keys(view!.documents.items[0]!)).not.toContain("file_path");
    });

    it("gives null for unknown, malformed, private and revoked tokens, and counts no view for them", async () => {
      const hidden = await addFolder({ name: "Private", isPublic: false, shared: true });
      const revoked = await addFolder({ name: "Revoked", isPublic: true, shared: false });
      await addDocument("Hidden report", hidden.id, true);
      expect(await viewSharedFolder(t.ctx, randomBytes(32).toString("base64url"), { countView: true })).toBeNull();
      expect(await viewSharedFolder(t.ctx, "x", { countView: true })).toBeNull();
      expect(await viewSharedFolder(t.ctx, "' or 1=1 --", { countView: true })).toBeNull();
      expect(await viewSharedFolder(t.ctx, hidden.token!, { countView: true })).toBeNull();
      expect(await viewSharedFolder(t.ctx, hidden.token!, { countView: false })).toBeNull();
      expect(await viewSharedFolder(t.ctx, "", { countView: true })).toBeNull();
      expect(await viewCount(hidden.id)).toBe(0);
      expect(await viewCount(revoked.id)).toBe(0);
    });

    it("adds one view per counted view, none for uncounted ones, and loses none under concurrency", async () => {
      const folder = await addFolder({ name: "Site Verifications", isPublic: true, shared: true });
      await viewSharedFolder(t.ctx, folder.token!, { countView: true });
      expect(await viewCount(folder.id)).toBe(1);
      const uncounted = await viewSharedFolder(t.ctx, folder.token!, { countView: false });
      expect(uncounted?.folder.name).toBe("Site Verifications");
      expect(await viewCount(folder.id)).toBe(1);
      await Promise.all(Array.from({ length: 20 }, () => viewSharedFolder(t.ctx, folder.token!, { countView: true })));
      expect(await viewCount(folder.id)).toBe(21);
    });

    it("shows an empty folder with a zero count", async () => {
      const folder = await addFolder({ name: "Empty", isPublic: true, shared: true });
      await addDocument("Draft only", folder.id, false);
      const view = await viewSharedFolder(t.ctx, folder.token!, { countView: false });
      expect(view).toEqual({
        folder: expect.objectContaining({ documentCount: 0 }),
        documents: { items: [], total: 0, page: 1, per: 24, pageCount: 1 },
      });
    });
  });
}
