import { Readable } from "node:stream";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listQuery } from "~/lib/document-query";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import { makeDocx, makePptx, makeXlsx } from "../../../tests/support/office-files";
import { makeManyPagePdf } from "../../../tests/support/pdf-writer";
import type { AppContext } from "../context";
import { createDocument, listPublicDocuments } from "../documents/documents.service";
import { deleteDocument, updateDocument } from "../documents/manage";
import { FAILURE_REASONS } from "../extraction/result";
import { generateStorageKey } from "../storage";
import { selectFileContents } from "./contents.queries";
import { readDueFiles } from "./reader";
import { documentTextView } from "./text-view";

/**
 * Issue 11, end to end below HTTP: a document created with a stored file of each type queues its
 * file; the reader reads it in a child process; a word that appears only in the file's body then
 * finds the document on both engines, with a snippet containing it. Unpublishing or deleting
 * removes it from results at once.
 */

interface Sample {
  name: string;
  ext: string;
  mime: string;
  /** The word only this file's body holds. */
  word: string;
  bytes: Uint8Array;
  /** Where the snippet says the word is, when the file has pages. */
  place: { unit: "page" | "slide" | "sheet"; number: number } | null;
}

function samples(): Sample[] {
  return [
    {
      name: "verification.pdf",
      ext: "pdf",
      mime: "application/pdf",
      word: "wadajirpdf",
      bytes: makeManyPagePdf(40, (n) =>
        n === 37 ? "Annex on page 37: the wadajirpdf waterpoint list." : `Page ${n} of the site verification.`,
      ),
      place: { unit: "page", number: 37 },
    },
    {
      name: "minutes.docx",
      ext: "docx",
      mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      word: "hodandocx",
      bytes: makeDocx(["Minutes of the coordination meeting.", "Action point: hodandocx site committee to report."]),
      place: null,
    },
    {
      name: "tracker.xlsx",
      ext: "xlsx",
      mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      word: "kaaranxlsx",
      bytes: makeXlsx([
        { name: "Summary", rows: [["Site", "Households"]] },
        {
          name: "Sites",
          rows: [
            ["Site", "Households"],
            ["kaaranxlsx camp", 120],
          ],
        },
      ]),
      place: { unit: "sheet", number: 2 },
    },
    {
      name: "training.pptx",
      ext: "pptx",
      mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      word: "shibispptx",
      bytes: makePptx([["Site management training"], ["Module 2", "shibispptx eviction risk"]]),
      place: { unit: "slide", number: 2 },
    },
    {
      name: "notes.txt",
      ext: "txt",
      mime: "text/plain",
      word: "yaqshidtxt",
      bytes: new TextEncoder().encode("Field notes.\n\nThe yaqshidtxt relocation site has no latrines yet.\n"),
      place: null,
    },
    {
      name: "sites.csv",
      ext: "csv",
      mime: "text/csv",
      word: "dayniilecsv",
      bytes: new TextEncoder().encode("site,district,households\nCamp A,dayniilecsv,340\n"),
      place: null,
    },
  ];
}

async function storeDocument(ctx: AppContext, sample: Sample): Promise<{ id: string; key: string }> {
  const key = generateStorageKey({ prefix: "documents", originalName: sample.name, now: ctx.now() });
  const stored = await ctx.storage.put(key, Readable.from([Buffer.from(sample.bytes)]), { contentType: sample.mime });
  const row = await createDocument(ctx, {
    title: `Document with ${sample.name}`,
    description: "Its description does not hold the word.",
    category: "Report",
    tags: [],
    published: true,
    uploadedBy: null,
    file: { key, originalName: sample.name, ext: sample.ext, mimeType: sample.mime, size: stored.size, sha256: stored.sha256 },
  });
  return { id: row.id, key };
}

async function readAll(ctx: AppContext): Promise<number> {
  let handled = 0;
  for (let n = await readDueFiles(ctx, { limit: 10 }); n > 0; n = await readDueFiles(ctx, { limit: 10 })) handled += n;
  return handled;
}

async function search(ctx: AppContext, q: string) {
  return (await listPublicDocuments(ctx, listQuery({ q }))).page.items;
}

const SAMPLES = samples();

for (const engine of testEngines()) {
  describe(`[${engine}] reading stored files into search`, () => {
    let t: TestApp;
    beforeAll(() => {
      expect(new Set(SAMPLES.map((s) => s.word)).size).toBe(SAMPLES.length);
    });
    beforeEach(async () => {
      t = await createTestApp(engine);
    });
    afterEach(async () => {
      await t.cleanup();
    });

    it("finds each type of file by a word only in its body, with a snippet containing it", { timeout: 60_000 }, async () => {
      const docs = [];
      for (const sample of SAMPLES) docs.push({ sample, ...(await storeDocument(t.ctx, sample)) });
      for (const { sample } of docs) expect(await search(t.ctx, sample.word)).toEqual([]);
      expect(await readAll(t.ctx)).toBe(SAMPLES.length);
      for (const { sample, id, key } of docs) {
        expect(await selectFileContents(t.ctx.db.kysely, key), sample.name).toMatchObject({ status: "done", reason: null });
        const found = await search(t.ctx, sample.word);
        expect(
          found.map((d) => d.id),
          sample.name,
        ).toEqual([id]);
        const marked = (found[0]!.snippet ?? []).filter((p) => p.mark).map((p) => p.text.toLowerCase());
        expect(marked, sample.name).toContain(sample.word);
        expect(found[0]!.snippetPlace, sample.name).toEqual(sample.place);
      }
      const pdf = docs[0]!;
      expect((await selectFileContents(t.ctx.db.kysely, pdf.key))?.page_count).toBe(40);
      expect((await selectFileContents(t.ctx.db.kysely, pdf.key))?.thumbnail_key).not.toBeNull();
      const text = await documentTextView(t.ctx, pdf.id, { q: pdf.sample.word, part: 1 });
      expect(
        text?.pages
          .find((p) => p.number === 37)
          ?.paragraphs.flat()
          .some((p) => p.mark),
      ).toBe(true);
    });

    it("drops a file's words from results at once when its document is unpublished or deleted", { timeout: 60_000 }, async () => {
      const [pdf, docx] = [SAMPLES[0]!, SAMPLES[1]!];
      const a = await storeDocument(t.ctx, pdf);
      const b = await storeDocument(t.ctx, docx);
      await readAll(t.ctx);
      expect((await search(t.ctx, pdf.word)).map((d) => d.id)).toEqual([a.id]);
      const edit = {
        title: `Document with ${pdf.name}`,
        description: "",
        category: "Report",
        tags: "",
        published: false,
        partner: "",
        sectors: [],
        locations: [],
      };
      expect((await updateDocument(t.ctx, a.id, edit)).ok).toBe(true);
      expect(await search(t.ctx, pdf.word)).toEqual([]);
      expect((await search(t.ctx, docx.word)).map((d) => d.id)).toEqual([b.id]);
      await deleteDocument(t.ctx, b.id);
      expect(await search(t.ctx, docx.word)).toEqual([]);
    });

    it("records a stored file gone missing, and leaves the document as it was", async () => {
      const doc = await storeDocument(t.ctx, SAMPLES[4]!);
      await t.ctx.storage.delete(doc.key);
      expect(await readAll(t.ctx)).toBe(1);
      expect(await selectFileContents(t.ctx.db.kysely, doc.key)).toMatchObject({ status: "failed", reason: FAILURE_REASONS.missing });
      expect((await search(t.ctx, "description")).map((d) => d.id)).toEqual([doc.id]);
    });
  });
}
