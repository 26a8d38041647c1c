import path from "node:path";
import { CompiledQuery, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FACET_MESSAGES } from "~/lib/document-facets";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { listFiles, makePdf, multipartRequest } from "../../../tests/support/files";
import { allDocuments } from "../../../tests/support/lists";
import { createFolder } from "../folders/folders.admin";
import { createUser } from "../users/users.service";
import { bulkUpload } from "./bulk-upload";
import { documentDetailView } from "./detail";
import { findDocument } from "./documents.service";
import { facetSuggestions } from "./facets";
import { suggestionsQuery } from "./facets.queries";
import { uploadToFolder } from "./folder-upload";
import { deleteDocument, findAdminDocument, updateDocument } from "./manage";
import { uploadDocument } from "./upload";

const meta = { ip: "127.0.0.1", userAgent: "vitest" };

/**
 * Issue 9 item 10: every form that creates or edits a document sets its partner, sectors and
 * locations; they are stored in one spelling; the forms' suggestions come from the values
 * already stored, through a bounded query answered by an index.
 */
for (const engine of testEngines()) {
  describe(`[${engine}] partner, sectors and locations`, () => {
    let t: TestApp;
    let editor: { id: string };
    let clock: Date;
    beforeEach(async () => {
      clock = new Date("2026-04-01T08:00:00.000Z");
      t = await createTestApp(engine, { now: () => clock });
      editor = await createUser(t.ctx, { email: "editor@example.org", password: "editor-pass", role: "editor" });
    });
    afterEach(async () => t.cleanup());

    const filesDir = () => path.join(t.dataDir, "files");

    async function upload(fields: Record<string, string | string[]>) {
      clock = new Date(clock.getTime() + 1000);
      const request = multipartRequest("http://localhost/admin/documents", { title: "Baidoa monitoring", published: "true", ...fields }, [
        { field: "file", name: "report.pdf", bytes: await makePdf() },
      ]);
      return uploadDocument(t.ctx, request, editor, meta);
    }

    async function folder(name: string) {
      const outcome = await createFolder(t.ctx, { name, description: "", isPublic: true }, editor);
      if (!outcome.ok) throw new Error("no folder");
      return outcome.folder.id;
    }

    const edit = (overrides: Partial<Parameters<typeof updateDocument>[2]> = {}) => ({
      title: "Baidoa monitoring",
      description: "",
      category: "Report",
      tags: "",
      published: true,
      partner: "",
      sectors: [],
      locations: [],
      ...overrides,
    });

    it("single upload: stores them trimmed, split, de-duplicated, and the detail page shows them", async () => {
      const outcome = await upload({
        partner: "  IOM  ",
        sectors: ["CCCM,  Shelter/NFI", " wash", "cccm", ""],
        locations: ["Bay", "Baidoa ; bay", ""],
      });
      if (!outcome.ok) throw new Error(outcome.description);
      const row = await findDocument(t.ctx, outcome.document.id);
      expect(row).toMatchObject({ partner: "IOM", sectors: '["CCCM","Shelter/NFI","wash"]', locations: '["Bay","Baidoa"]' });
      const view = await documentDetailView(t.ctx, { key: outcome.document.id, byToken: false, countView: false, previewOpen: false });
      expect(view?.document).toMatchObject({ partner: "IOM", sectors: ["CCCM", "Shelter/NFI", "wash"], locations: ["Bay", "Baidoa"] });
      expect(await findAdminDocument(t.ctx, outcome.document.id)).toMatchObject({
        partner: "IOM",
        sectors: ["CCCM", "Shelter/NFI", "wash"],
      });
    });

    it("adopts the spelling already stored for the same value, so the faceted search sees one value", async () => {
      const first = await upload({ partner: "UNHCR", sectors: ["WASH", "Food Security"], locations: ["Lower Shabelle"] });
      if (!first.ok) throw new Error(first.description);
      const second = await upload({
        partner: "unhcr",
        sectors: ["wash", "FOOD  SECURITY", "Health"],
        locations: ["lower shabelle", "Afgooye"],
      });
      if (!second.ok) throw new Error(second.description);
      expect(await findDocument(t.ctx, second.document.id)).toMatchObject({
        partner: "UNHCR",
        sectors: '["WASH","Food Security","Health"]',
        locations: '["Lower Shabelle","Afgooye"]',
      });
      // A document's own old spelling is no reason to keep it: an editor can correct it.
      const only = await upload({ title: "Only one", partner: "Acted" });
      if (!only.ok) throw new Error(only.description);
      const fixed = await updateDocument(t.ctx, only.document.id, edit({ title: "Only one", partner: "ACTED" }));
      expect(fixed).toMatchObject({ ok: true, document: { partner: "ACTED" } });
      expect((await facetSuggestions(t.ctx)).partners).toEqual(["ACTED", "UNHCR"]);
    });

    it("refuses values over the limits with the message, leaving neither file nor row", async () => {
      for (const [fields, message] of [
        [{ partner: "P".repeat(121) }, FACET_MESSAGES.partnerTooLong],
        [{ sectors: ["S".repeat(81)] }, FACET_MESSAGES.sectorTooLong],
        [{ locations: Array.from({ length: 21 }, (_, i) => `Site ${i}`) }, FACET_MESSAGES.tooManyLocations],
      ] as const) {
        const outcome = await upload(fields as Record<string, string | string[]>);
        expect(outcome).toMatchObject({
          ok: false,
          status: 400,
          title: "Validation Error",
          description: message.slice("Validation Error: ".length),
        });
        // The refused values come back, to fill the form again.
        if (!outcome.ok) expect(outcome.fields.partner).toBe("partner" in fields ? fields.partner : "");
      }
      expect(await allDocuments(t.ctx)).toEqual([]);
      expect(await listFiles(filesDir())).toEqual([]);
    });

    it("folder upload and bulk upload set them; bulk gives every file the same", async () => {
      const id = await folder("Site Verifications");
      const one = await uploadToFolder(
        t.ctx,
        multipartRequest(
          "http://localhost/admin/folders/upload",
          {
            folderId: id,
            title: "Doolow verification",
            category: "REPORT",
            published: "true",
            partner: "DRC",
            sectors: ["CCCM"],
            locations: ["Gedo", "Doolow"],
          },
          [{ field: "file", name: "doolow.pdf", bytes: await makePdf() }],
        ),
        editor,
        meta,
      );
      if (!one.ok) throw new Error(one.message);
      expect(await findDocument(t.ctx, one.document.id)).toMatchObject({
        partner: "DRC",
        sectors: '["CCCM"]',
        locations: '["Gedo","Doolow"]',
      });

      const bulk = await bulkUpload(
        t.ctx,
        multipartRequest(
          "http://localhost/admin/folders/bulk-upload",
          {
            folderId: id,
            category: "REPORT",
            published: "true",
            partner: "NRC",
            sectors: ["Protection, CCCM"],
            locations: ["Bari", "Bosaso"],
          },
          [
            { field: "files", name: "a.pdf", bytes: await makePdf("a") },
            { field: "files", name: "b.pdf", bytes: await makePdf("b") },
          ],
        ),
        editor,
        meta,
      );
      if (!bulk.ok) throw new Error(bulk.message);
      for (const result of bulk.results) {
        if (!result.ok) throw new Error(result.message);
        expect(await findDocument(t.ctx, result.documentId)).toMatchObject({
          partner: "NRC",
          sectors: '["Protection","CCCM"]',
          locations: '["Bari","Bosaso"]',
        });
      }

      const filesBefore = await listFiles(filesDir());
      const refusedBulk = await bulkUpload(
        t.ctx,
        multipartRequest("http://localhost/admin/folders/bulk-upload", { folderId: id, category: "REPORT", partner: "N".repeat(121) }, [
          { field: "files", name: "c.pdf", bytes: await makePdf("c") },
        ]),
        editor,
        meta,
      );
      expect(refusedBulk).toMatchObject({ ok: false, status: 400, message: FACET_MESSAGES.partnerTooLong });
      const refusedFolder = await uploadToFolder(
        t.ctx,
        multipartRequest(
          "http://localhost/admin/folders/upload",
          { folderId: id, title: "X", category: "REPORT", sectors: ["S".repeat(81)] },
          [{ field: "file", name: "x.pdf", bytes: await makePdf("x") }],
        ),
        editor,
        meta,
      );
      expect(refusedFolder).toMatchObject({ ok: false, status: 400, message: FACET_MESSAGES.sectorTooLong });
      expect(await listFiles(filesDir())).toEqual(filesBefore);
      expect(await allDocuments(t.ctx)).toHaveLength(3);
    });

    it("the edit page sets, changes and clears them, and refuses values over the limits", async () => {
      const created = await upload({});
      if (!created.ok) throw new Error(created.description);
      const id = created.document.id;
      expect(await findDocument(t.ctx, id)).toMatchObject({ partner: null, sectors: "[]", locations: "[]" });

      const set = await updateDocument(
        t.ctx,
        id,
        edit({ partner: " CCCM Cluster Somalia ", sectors: ["CCCM", "Shelter/NFI"], locations: ["Mudug", "Galkayo"] }),
      );
      expect(set).toMatchObject({
        ok: true,
        document: { partner: "CCCM Cluster Somalia", sectors: ["CCCM", "Shelter/NFI"], locations: ["Mudug", "Galkayo"] },
      });
      expect(await facetSuggestions(t.ctx)).toEqual({
        partners: ["CCCM Cluster Somalia"],
        sectors: ["CCCM", "Shelter/NFI"],
        locations: ["Galkayo", "Mudug"],
      });

      expect(await updateDocument(t.ctx, id, edit({ sectors: Array.from({ length: 21 }, (_, i) => `Sector ${i}`) }))).toEqual({
        ok: false,
        status: 400,
        message: FACET_MESSAGES.tooManySectors,
        field: "sectors",
      });
      expect(await findDocument(t.ctx, id)).toMatchObject({ partner: "CCCM Cluster Somalia" });

      await updateDocument(t.ctx, id, edit({ partner: "", sectors: ["CCCM"], locations: [] }));
      expect(await findDocument(t.ctx, id)).toMatchObject({ partner: null, sectors: '["CCCM"]', locations: "[]" });
      expect(await facetSuggestions(t.ctx)).toEqual({ partners: [], sectors: ["CCCM"], locations: [] });
    });

    it("suggests each existing value once, in alphabetical order ignoring case, and forgets a deleted document's", async () => {
      const a = await upload({ partner: "NRC", sectors: ["WASH", "cccm"], locations: ["Hiraan", "Beledweyne"] });
      const b = await upload({ partner: "IOM", sectors: ["CCCM", "Health"], locations: ["Banadir"] });
      if (!a.ok || !b.ok) throw new Error("upload failed");
      expect(await facetSuggestions(t.ctx)).toEqual({
        partners: ["IOM", "NRC"],
        sectors: ["cccm", "Health", "WASH"],
        locations: ["Banadir", "Beledweyne", "Hiraan"],
      });
      await deleteDocument(t.ctx, a.document.id);
      expect(await facetSuggestions(t.ctx)).toEqual({ partners: ["IOM"], sectors: ["cccm", "Health"], locations: ["Banadir"] });
    });

    it("reads suggestions through the index, never scanning every document (bounded by a limit)", async () => {
      const db = t.ctx.db.kysely;
      await db
        .insertInto("documents")
        .values({
          id: "doc-0",
          title: "Seed",
          category: "Report",
          tags: "[]",
          sectors: "[]",
          locations: "[]",
          created_at: "2026-01-01T00:00:00.000Z",
          updated_at: "2026-01-01T00:00:00.000Z",
        })
        .execute();
      const rows = Array.from({ length: 3000 }, (_, n) => ({
        id: `term-${n}`,
        document_id: "doc-0",
        facet: (["partner", "sector", "location"] as const)[n % 3]!,
        value: `Value ${n}`,
        value_key: `value ${n}`,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await db
          .insertInto("document_facets")
          .values(rows.slice(i, i + 500))
          .execute();
      if (engine === "postgres") await sql`analyze document_facets`.execute(db);
      const compiled = suggestionsQuery("sector").compile(db);
      const explain = engine === "postgres" ? "explain" : "explain query plan";
      const plan = await db.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(`${explain} ${compiled.sql}`, [...compiled.parameters]),
      );
      const text = plan.rows.map((r) => String(r["QUERY PLAN"] ?? r.detail)).join("\n");
      expect(text).toContain("document_facets_facet_key_idx");
      expect(text).not.toMatch(/Seq Scan|SCAN document_facets(?! USING)/);
      expect((await facetSuggestions(t.ctx)).sectors).toHaveLength(200);
    });
  });
}
