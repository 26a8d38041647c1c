import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listQuery } from "~/lib/document-query";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import type { AppContext } from "../context";
import { createDocument, listPublicDocuments } from "../documents/documents.service";
import { deleteDocument, updateDocument } from "../documents/manage";
import { rebuildPageIndex } from "../search/page-index";
import { generateStorageKey } from "../storage";
import { type Reading, saveReading, selectFileContents } from "./contents.queries";

/**
 * The text read inside files, as search sees it (issue 11): a word found only on one page of a
 * file finds its document, with a snippet from that page; the document's own words rank above;
 * unpublishing, deleting, reading again and rebuilding the index all take effect at once.
 * Readings are stored here as the reader stores them (reader.int.test.ts reads real files).
 */

const PAGES = Array.from(
  { length: 40 },
  (_, i) => `Page ${i + 1} of the Baidoa site verification report. Households were counted by block.`,
);
PAGES[36] = "Annex C lists the waterpoints rehabilitated in Garasbaley, where the committee reported a qoryaweyne shortage.";

function reading(pages: readonly string[]): Reading {
  return { status: "done", reason: null, pageCount: pages.length, unit: "page", pages, truncated: false, thumbnail: null };
}

async function storedDocument(ctx: AppContext, title: string, description: string, published = true): Promise<{ id: string; key: string }> {
  const key = generateStorageKey({ prefix: "documents", originalName: "report.pdf", now: ctx.now() });
  const stored = await ctx.storage.put(key, Readable.from([Buffer.from("%PDF-1.7 placeholder bytes")]), { contentType: "application/pdf" });
  const row = await createDocument(ctx, {
    title,
    description,
    category: "Report",
    tags: [],
    published,
    uploadedBy: null,
    file: { key, originalName: "report.pdf", ext: "pdf", mimeType: "application/pdf", size: stored.size, sha256: stored.sha256 },
  });
  return { id: row.id, key };
}

async function search(ctx: AppContext, q: string) {
  const { page } = await listPublicDocuments(ctx, listQuery({ q }));
  return page.items;
}

for (const engine of testEngines()) {
  describe(`[${engine}] search in the text read from files`, () => {
    let t: TestApp;

    beforeEach(async () => {
      t = await createTestApp(engine);
    });
    afterEach(async () => {
      await t.cleanup();
    });

    it("looks for a file's words among the documents a facet leaves, and finds none outside them", async () => {
      const doc = await storedDocument(t.ctx, "Site verification, Baidoa", "Verification of sites in Baidoa.");
      await storedDocument(t.ctx, "Another verification", "Verification elsewhere.");
      await saveReading(t.ctx.db.kysely, engine, doc.key, reading(PAGES), new Date().toISOString());
      const year = Number(t.ctx.now().toISOString().slice(0, 4));
      const found = async (change: Parameters<typeof listQuery>[0]) =>
        (await listPublicDocuments(t.ctx, listQuery({ q: "qoryaweyne", ...change }))).page.items.map((d) => d.id);
      // A facet leaves a few candidates: the page index is asked about just those (isOneOf).
      expect(await found({ type: "pdf" })).toEqual([doc.id]);
      expect(await found({ year })).toEqual([doc.id]);
      expect(await found({ year: year - 1 })).toEqual([]);
      expect(await found({ type: "word" })).toEqual([]);
    });

    it("queues every stored file for reading when its document is created", async () => {
      const doc = await storedDocument(t.ctx, "Site verification", "Verification of sites.");
      expect((await selectFileContents(t.ctx.db.kysely, doc.key))?.status).toBe("queued");
      const jobs = await t.ctx.db.kysely.selectFrom("jobs").select(["kind", "payload"]).where("kind", "=", "read-file").execute();
      expect(jobs.map((j) => JSON.parse(j.payload))).toEqual([{ fileKey: doc.key }]);
    });

    it("finds a document by a word only on page 37 of its file, with a snippet from that page", async () => {
      const doc = await storedDocument(t.ctx, "Site verification, Baidoa", "Verification of sites in Baidoa.");
      expect(await search(t.ctx, "qoryaweyne")).toEqual([]);
      await saveReading(t.ctx.db.kysely, engine, doc.key, reading(PAGES), new Date().toISOString());
      const found = await search(t.ctx, "qoryaweyne");
      expect(found.map((d) => d.id)).toEqual([doc.id]);
      expect(found[0]!.snippetPlace).toEqual({ unit: "page", number: 37 });
      expect(found[0]!.snippet?.filter((p) => p.mark).map((p) => p.text)).toEqual(["qoryaweyne"]);
      // A phrase from the page, and a prefix, find it too; a word on no page does not.
      expect((await search(t.ctx, '"waterpoints rehabilitated"')).map((d) => d.id)).toEqual([doc.id]);
      expect((await search(t.ctx, "garasbal")).map((d) => d.id)).toEqual([doc.id]);
      expect(await search(t.ctx, "qoryaweyne -garasbaley")).toEqual([]);
      const contents = await selectFileContents(t.ctx.db.kysely, doc.key);
      expect(contents).toMatchObject({ status: "done", page_count: 40 });
    });

    it("ranks a document's own words above the same words inside another's file", async () => {
      const inFile = await storedDocument(t.ctx, "Monthly dashboard", "Figures for the month.");
      const own = await storedDocument(t.ctx, "Garasbaley waterpoints", "Waterpoints of Garasbaley.");
      await saveReading(t.ctx.db.kysely, engine, inFile.key, reading(PAGES), new Date().toISOString());
      const found = await search(t.ctx, "garasbaley");
      expect(found.map((d) => d.id)).toEqual([own.id, inFile.id]);
      expect(found[0]!.snippetPlace).toBeNull();
    });

    it("drops the words of an unpublished or deleted document, and of a file read again", async () => {
      const a = await storedDocument(t.ctx, "Verification A", "First.");
      const b = await storedDocument(t.ctx, "Verification B", "Second.");
      await saveReading(t.ctx.db.kysely, engine, a.key, reading(PAGES), new Date().toISOString());
      await saveReading(t.ctx.db.kysely, engine, b.key, reading(PAGES), new Date().toISOString());
      expect((await search(t.ctx, "qoryaweyne")).length).toBe(2);

      const edit = {
        title: "Verification A",
        description: "First.",
        category: "Report",
        tags: "",
        published: false,
        partner: "",
        sectors: [],
        locations: [],
      };
      expect((await updateDocument(t.ctx, a.id, edit)).ok).toBe(true);
      expect((await search(t.ctx, "qoryaweyne")).map((d) => d.id)).toEqual([b.id]);

      await saveReading(t.ctx.db.kysely, engine, b.key, reading(["A different text about shelter kits."]), new Date().toISOString());
      expect(await search(t.ctx, "qoryaweyne")).toEqual([]);
      expect((await search(t.ctx, "shelter kits")).map((d) => d.id)).toEqual([b.id]);

      await deleteDocument(t.ctx, b.id);
      expect(await search(t.ctx, "shelter")).toEqual([]);
      // Its waiting job went with it; A's is still there.
      const jobs = await t.ctx.db.kysely.selectFrom("jobs").select("payload").where("kind", "=", "read-file").execute();
      expect(jobs.map((j) => JSON.parse(j.payload))).toEqual([{ fileKey: a.key }]);
      const pages = await t.ctx.db.kysely.selectFrom("file_text_pages").select("document_id").distinct().execute();
      expect(pages.map((p) => p.document_id)).toEqual([a.id]);
      if (engine === "sqlite") {
        // The contentless FTS5 rows went with their pages: only A's 40 pages are left.
        const { rows } = await sql<{ n: number }>`select count(*) as n from search_pages_fts`.execute(t.ctx.db.kysely);
        expect(Number(rows[0]!.n)).toBe(40);
      }
    });

    it("gives the same matches after the page index is rebuilt (a restore)", async () => {
      const doc = await storedDocument(t.ctx, "Verification", "Sites.");
      await saveReading(t.ctx.db.kysely, engine, doc.key, reading(PAGES), new Date().toISOString());
      const before = await search(t.ctx, "qoryaweyne");
      await t.ctx.db.kysely.transaction().execute(async (trx) => {
        expect(await rebuildPageIndex(trx, engine)).toBe(40);
        await sql`update search_state set version = version + 1 where id = 1`.execute(trx);
      });
      expect(await search(t.ctx, "qoryaweyne")).toEqual(before);
    });
  });
}
