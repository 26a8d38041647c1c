import { Readable } from "node:stream";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, testEngines } from "../../../tests/support/engines";
import type { AppContext } from "../context";
import { createDocument } from "../documents/documents.service";
import { updateDocument } from "../documents/manage";
import { generateStorageKey } from "../storage";
import { type Reading, saveReading } from "./contents.queries";
import { documentTextView, TEXT_PART_CHARS } from "./text-view";
import { documentThumbnailResponse, thumbnailsOf } from "./thumbnails";

/**
 * The text view and the thumbnails (issue 11) show only what a visitor may see: a published
 * document's, never a draft's (the thumbnail of a draft only to staff), and say why when there
 * is no text.
 */

async function storedDocument(ctx: AppContext, published = true): Promise<{ id: string; key: string }> {
  const key = generateStorageKey({ prefix: "documents", originalName: "report.pdf", now: ctx.now() });
  const stored = await ctx.storage.put(key, Readable.from([Buffer.from("%PDF-1.7 bytes")]), { contentType: "application/pdf" });
  const row = await createDocument(ctx, {
    title: "Garasbaley site profile",
    description: null,
    category: "Report",
    tags: [],
    published,
    uploadedBy: null,
    file: { key, originalName: "report.pdf", ext: "pdf", mimeType: "application/pdf", size: stored.size, sha256: stored.sha256 },
  });
  return { id: row.id, key };
}

async function thumbnailOn(ctx: AppContext): Promise<Reading["thumbnail"]> {
  const webp = await sharp({ create: { width: 32, height: 40, channels: 3, background: "#ffffff" } })
    .webp()
    .toBuffer();
  const key = generateStorageKey({ prefix: "thumbnails", originalName: "page-1.webp", now: ctx.now() });
  const stored = await ctx.storage.put(key, Readable.from([webp]), { contentType: "image/webp" });
  return { key, width: 32, height: 40, size: stored.size, sha256: stored.sha256 };
}

const done = (pages: string[], thumbnail: Reading["thumbnail"] = null): Reading => ({
  status: "done",
  reason: null,
  pageCount: pages.length,
  unit: "page",
  pages,
  truncated: false,
  thumbnail,
});

const now = () => new Date().toISOString();

for (const engine of testEngines()) {
  describe(`[${engine}] the text view and thumbnails`, () => {
    let t: TestApp;
    beforeEach(async () => {
      t = await createTestApp(engine);
    });
    afterEach(async () => {
      await t.cleanup();
    });

    it("shows a published file's text by page, marks the search words, and says when it is not read yet", async () => {
      const doc = await storedDocument(t.ctx);
      expect((await documentTextView(t.ctx, doc.id, { q: "", part: 1 }))?.availability).toEqual({ state: "queued" });
      await saveReading(t.ctx.db.kysely, engine, doc.key, done(["First page.\n\nWater points in Garasbaley.", "", "Third page."]), now());
      const view = await documentTextView(t.ctx, doc.id, { q: "garasbaley", part: 1 });
      expect(view?.availability).toEqual({ state: "ready" });
      expect(view?.pages.map((p) => p.number)).toEqual([1, 3]);
      expect(view?.pages[0]?.paragraphs).toEqual([
        [{ text: "First page.", mark: false }],
        [
          { text: "Water points in ", mark: false },
          { text: "Garasbaley", mark: true },
          { text: ".", mark: false },
        ],
      ]);
      expect(view?.pageCount).toBe(3);
    });

    it("splits a long text into parts of whole pages", async () => {
      const doc = await storedDocument(t.ctx);
      const page = "word ".repeat(TEXT_PART_CHARS / 10);
      await saveReading(t.ctx.db.kysely, engine, doc.key, done([page, page, page, page, page]), now());
      const first = await documentTextView(t.ctx, doc.id, { q: "", part: 1 });
      expect(first?.partCount).toBe(3);
      expect(first?.pages.map((p) => p.number)).toEqual([1, 2]);
      const past = await documentTextView(t.ctx, doc.id, { q: "", part: 99 });
      expect(past?.part).toBe(3);
      expect(past?.pages.map((p) => p.number)).toEqual([5]);
    });

    it("gives the reason when a file could not be read", async () => {
      const doc = await storedDocument(t.ctx);
      const failed: Reading = { ...done([]), status: "failed", reason: "Encrypted PDF", pageCount: null, unit: null };
      await saveReading(t.ctx.db.kysely, engine, doc.key, failed, now());
      expect((await documentTextView(t.ctx, doc.id, { q: "", part: 1 }))?.availability).toEqual({
        state: "failed",
        reason: "Encrypted PDF",
      });
    });

    it("never shows a draft's text or thumbnail to the public; staff see the draft's thumbnail", async () => {
      const doc = await storedDocument(t.ctx);
      await saveReading(t.ctx.db.kysely, engine, doc.key, done(["Secret annex."], await thumbnailOn(t.ctx)), now());
      const [ref] = (await thumbnailsOf(t.ctx.db.kysely, [doc.id])).values();
      expect(ref).toMatchObject({ width: 32, height: 40 });
      const request = new Request(`http://portal.test${ref!.src}`);
      const shown = await documentThumbnailResponse(t.ctx, request, doc.id, { staff: false });
      expect(shown.status).toBe(200);
      expect(shown.headers.get("Content-Type")).toBe("image/webp");
      expect(shown.headers.get("Cache-Control")).toContain("immutable");
      const stale = await documentThumbnailResponse(
        t.ctx,
        new Request(`http://portal.test/api/documents/${doc.id}/thumbnail?v=old`),
        doc.id,
        {
          staff: false,
        },
      );
      expect(stale.headers.get("Cache-Control")).toContain("no-cache");

      const edit = {
        title: "Garasbaley site profile",
        description: "",
        category: "Report",
        tags: "",
        published: false,
        partner: "",
        sectors: [],
        locations: [],
      };
      expect((await updateDocument(t.ctx, doc.id, edit)).ok).toBe(true);
      expect(await documentTextView(t.ctx, doc.id, { q: "", part: 1 })).toBeNull();
      expect((await documentThumbnailResponse(t.ctx, request, doc.id, { staff: false })).status).toBe(404);
      const staff = await documentThumbnailResponse(t.ctx, request, doc.id, { staff: true });
      expect(staff.status).toBe(200);
      expect(staff.headers.get("Cache-Control")).toContain("private");
    });
  });
}
