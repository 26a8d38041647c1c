import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { createDocument } from "../documents/documents.service";
import { createFolder } from "../folders/folders.admin";
import { createUser } from "../users/users.service";
import { ensureShareToken, listShareLinks, PICKER_LIMIT } from "./shares.service";

/**
 * The Shareable Links tables one page at a time (issue 10), and the "Create link" pickers bounded
 * however many documents have no link.
 */
for (const engine of testEngines()) {
  describe(`[${engine}] share links, paged`, () => {
    let t: TestApp;
    let editor: { id: string };
    let clock = new Date("2026-03-01T08:00:00.000Z");
    beforeEach(async () => {
      t = await createTestApp(engine, { now: () => clock });
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
    });
    afterEach(async () => t.cleanup());

    const addDocument = (title: string) =>
      createDocument(t.ctx, {
        title,
        description: null,
        category: "Policy",
        tags: [],
        published: true,
        folderId: null,
        uploadedBy: editor.id,
        file: null,
      });

    it("pages shared documents newest first (ties by id) and shared folders by name, each with its exact total", async () => {
      const start = clock.getTime();
      const shared: Array<{ id: string; created_at: string }> = [];
      for (let i = 0; i < 27; i++) {
        clock = new Date(start + Math.floor(i / 3) * 1000);
        const doc = await addDocument(`Shared ${i}`);
        await ensureShareToken(t.ctx, "document", doc.id, editor);
        shared.push(doc);
      }
      await addDocument("Not shared");
      for (let i = 1; i <= 14; i++) {
        const made = await createFolder(t.ctx, { name: `Folder ${String(i).padStart(2, "0")}`, description: "", isPublic: true }, editor);
        if (made.ok) await ensureShareToken(t.ctx, "folder", made.folder.id, editor);
      }
      await createFolder(t.ctx, { name: "Unshared folder", description: "", isPublic: true }, editor);

      const pages = [];
      for (let page = 1; page <= 3; page++)
        pages.push(await listShareLinks(t.ctx, { documents: { page, per: 12 }, folders: { page: 2, per: 12 } }));
      expect(pages.map((p) => p.documents.items.length)).toEqual([12, 12, 3]);
      expect(pages.every((p) => p.documents.total === 27 && p.documents.pageCount === 3)).toBe(true);
      const expected = [...shared].sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1));
      expect(pages.flatMap((p) => p.documents.items.map((d) => d.id))).toEqual(expected.map((d) => d.id));
      // The folders' own page, independent of the documents'.
      expect(pages[0]!.folders).toMatchObject({ total: 14, page: 2, pageCount: 2 });
      expect(pages[0]!.folders.items.map((f) => f.name)).toEqual(["Folder 13", "Folder 14"]);

      const past = await listShareLinks(t.ctx, { documents: { page: 99999999, per: 12 }, folders: { page: 99999999, per: 100 } });
      expect(past.documents).toMatchObject({ page: 3, pageCount: 3 });
      expect(past.documents.items.map((d) => d.id)).toEqual(pages[2]!.documents.items.map((d) => d.id));
      expect(past.folders).toMatchObject({ page: 1, pageCount: 1, total: 14 });
      expect(past.unshared.documents).toEqual({ choices: [expect.objectContaining({ label: "Not shared" })], find: "", more: false });
      expect(past.unshared.folders.choices.map((f) => f.label)).toEqual(["Unshared folder"]);
    });

    it("offers at most 100 documents without a link, the newest, and finds the others by part of their title", async () => {
      const start = clock.getTime();
      for (let i = 0; i < PICKER_LIMIT + 5; i++) {
        clock = new Date(start + i * 1000);
        await addDocument(i === 0 ? "The oldest: 100% Baidoa_report" : `Document ${i}`);
      }
      const links = await listShareLinks(t.ctx);
      expect(links.unshared.documents.choices).toHaveLength(PICKER_LIMIT);
      expect(links.unshared.documents.more).toBe(true);
      expect(links.unshared.documents.choices[0]!.label).toBe(`Document ${PICKER_LIMIT + 4}`);
      expect(links.unshared.documents.choices.map((c) => c.label)).not.toContain("The oldest: 100% Baidoa_report");

      const found = await listShareLinks(t.ctx, { find: { document: "  BAIDOA_ " } });
      expect(found.unshared.documents).toEqual({
        choices: [expect.objectContaining({ label: "The oldest: 100% Baidoa_report" })],
        find: "BAIDOA_",
        more: false,
      });
      // LIKE's wildcards are plain characters.
      expect((await listShareLinks(t.ctx, { find: { document: "0%" } })).unshared.documents.choices.map((c) => c.label)).toEqual([
        "The oldest: 100% Baidoa_report",
      ]);
      expect((await listShareLinks(t.ctx, { find: { document: "nothing like it" } })).unshared.documents).toEqual({
        choices: [],
        find: "nothing like it",
        more: false,
      });
    });
  });
}
