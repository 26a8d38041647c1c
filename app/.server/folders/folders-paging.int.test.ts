import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { addFolderDocument } from "../../../tests/support/folders";
import { createUser } from "../users/users.service";
import { createFolder, folderView, listFolders } from "./folders.admin";
import { viewSharedFolder } from "./folders.service";

/**
 * The folder list, a folder's documents (staff) and the shared folder (visitors), one page at a
 * time (issue 10): page size, a stable order, the exact total, a page past the end.
 */
for (const engine of testEngines()) {
  describe(`[${engine}] folders, paged`, () => {
    let t: TestApp;
    let editor: { id: string };
    beforeEach(async () => {
      t = await createTestApp(engine);
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
    });
    afterEach(async () => t.cleanup());

    async function folder(name: string, description = "", isPublic = true) {
      const made = await createFolder(t.ctx, { name, description, isPublic }, editor);
      if (!made.ok) throw new Error("folder not created");
      return made.folder;
    }
    const addDocument = (title: string, folderId: string, published = true) =>
      addFolderDocument(t.ctx, { title, folderId, published, uploadedBy: editor.id });

    it("lists folders by name as people sort them, 12 a page, the same on every engine", async () => {
      // Accents and case aside, numbers by value: the order compareNames gives.
      const names = ["Zone B", "Net 10", "net 2", "Échanges", "eau", "Data Collection", "ASA & Localization", "Ábaco"];
      for (let i = 1; i <= 22; i++) names.push(`Site ${String(i).padStart(2, "0")}`);
      for (const name of [...names].reverse()) await folder(name);
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push((await listFolders(t.ctx, "", { page, per: 12 })).page);
      expect(pages.map((p) => p.items.length)).toEqual([12, 12, 6]);
      expect(pages.every((p) => p.total === 30 && p.pageCount === 3)).toBe(true);
      expect(pages.flatMap((p) => p.items.map((f) => f.name))).toEqual([
        "Ábaco",
        "ASA & Localization",
        "Data Collection",
        "eau",
        "Échanges",
        "net 2",
        "Net 10",
        ...names.slice(8),
        "Zone B",
      ]);
      const past = await listFolders(t.ctx, "", { page: 99999999, per: 12 });
      expect(past.page).toMatchObject({ page: 3, pageCount: 3, total: 30 });
      expect(past.page.items.map((f) => f.id)).toEqual(pages[2]!.items.map((f) => f.id));
      // The counters count every folder, whatever the page.
      expect(past.totals.folders).toBe(30);
    });

    it("pages a search with its exact count; names and descriptions match, accents and case aside", async () => {
      for (let i = 1; i <= 13; i++) await folder(`Audit ${String(i).padStart(2, "0")}`);
      await folder("Reports", "Réunion notes and safety AUDITS");
      await folder("Other");
      const first = await listFolders(t.ctx, "audit", { page: 1, per: 12 });
      expect(first.page).toMatchObject({ total: 14, page: 1, pageCount: 2 });
      expect(first.page.items).toHaveLength(12);
      const second = await listFolders(t.ctx, "AUDIT", { page: 2, per: 12 });
      expect(second.page.items.map((f) => f.name)).toEqual(["Audit 13", "Reports"]);
      expect((await listFolders(t.ctx, "reunion")).page.items.map((f) => f.name)).toEqual(["Reports"]);
      // LIKE's wildcards are plain characters.
      expect((await listFolders(t.ctx, "%")).page.total).toBe(0);
      expect((await listFolders(t.ctx, "_")).page.total).toBe(0);
      const none = await listFolders(t.ctx, "nothing like this", { page: 3, per: 12 });
      expect(none.page).toEqual({ items: [], total: 0, page: 1, per: 12, pageCount: 1 });
    });

    it("pages a folder's documents for staff by title, drafts included, ties by id", async () => {
      const safety = await folder("Safety Audits");
      const other = await folder("Other");
      const ids: Array<{ id: string; title: string }> = [];
      for (let i = 1; i <= 25; i++) ids.push(await addDocument(`Audit ${String(i).padStart(2, "0")}`, safety.id, i % 5 !== 0));
      for (let i = 0; i < 3; i++) ids.push(await addDocument("same title", safety.id));
      await addDocument("Elsewhere", other.id);
      const expected = [...ids].sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()) || (a.id < b.id ? -1 : 1));
      const pages = [];
      for (let page = 1; page <= 3; page++) pages.push((await folderView(t.ctx, safety.id, { page, per: 12 }))!);
      expect(pages.map((p) => p.documents.items.length)).toEqual([12, 12, 4]);
      expect(pages.every((p) => p.documents.total === 28 && p.folder.documentCount === 28)).toBe(true);
      expect(pages.flatMap((p) => p.documents.items.map((d) => d.id))).toEqual(expected.map((d) => d.id));
      expect(pages[0]!.documents.items.filter((d) => !d.published).map((d) => d.title)).toEqual(["Audit 05", "Audit 10"]);
      const past = (await folderView(t.ctx, safety.id, { page: 40, per: 12 }))!;
      expect(past.documents).toMatchObject({ page: 3, pageCount: 3 });
      expect(past.documents.items.map((d) => d.id)).toEqual(pages[2]!.documents.items.map((d) => d.id));
    });

    it("pages a shared folder's published documents, 24 a page by title, with the exact count", async () => {
      const shared = await folder("Shared");
      await t.ctx.db.kysely
        .updateTable("folders")
        .set({ share_token: "s".repeat(43) })
        .where("id", "=", shared.id)
        .execute();
      const published: string[] = [];
      for (let i = 1; i <= 30; i++) published.push((await addDocument(`Doc ${String(i).padStart(2, "0")}`, shared.id)).id);
      for (let i = 1; i <= 3; i++) await addDocument(`Draft ${i}`, shared.id, false);
      const token = "s".repeat(43);

      const first = (await viewSharedFolder(t.ctx, token, { countView: false }))!;
      expect(first.folder.documentCount).toBe(30);
      expect(first.documents).toMatchObject({ total: 30, page: 1, per: 24, pageCount: 2 });
      const second = (await viewSharedFolder(t.ctx, token, { countView: false, paging: { page: 2, per: 24 } }))!;
      expect([...first.documents.items, ...second.documents.items].map((d) => d.id)).toEqual(published);
      const small = (await viewSharedFolder(t.ctx, token, { countView: false, paging: { page: 3, per: 12 } }))!;
      expect(small.documents.items.map((d) => d.title)).toEqual(["Doc 25", "Doc 26", "Doc 27", "Doc 28", "Doc 29", "Doc 30"]);
      const past = (await viewSharedFolder(t.ctx, token, { countView: false, paging: { page: 99999999, per: 24 } }))!;
      expect(past.documents).toMatchObject({ page: 2, pageCount: 2 });
      expect(past.documents.items.map((d) => d.id)).toEqual(second.documents.items.map((d) => d.id));
    });
  });
}
