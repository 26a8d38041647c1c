/**
 * The readers on real generated files, in this process (fast; the child process and its limits
 * are tested in extract.int.test.ts).
 */

import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import {
  makeDocxBomb,
  makeEncryptedPdf,
  makeManyCellXlsx,
  makeManyPagePdf,
  makeScannedPdf,
  makeTextPdf,
  ordinaryFiles,
  WORDS,
} from "../../../tests/support/extraction-files";
import { makeDocx, makeXlsx } from "../../../tests/support/office-files";
import { zipFiles } from "../../../tests/support/zip-writer";
import { DEFAULT_LIMITS, type ExtractionLimits } from "./limits";
import { readFileCompletely } from "./read-file";
import { FAILURE_REASONS, type ReadOutcome } from "./result";

type Files = Awaited<ReturnType<typeof ordinaryFiles>>;
let files: Files;

const read = (file: { name: string; bytes: Uint8Array }, limits: Partial<ExtractionLimits> = {}) =>
  readFileCompletely({ name: file.name, bytes: file.bytes }, { ...DEFAULT_LIMITS, ...limits });

const allText = (outcome: ReadOutcome) => outcome.pages.map((p) => p.text).join("\n");

async function expectThumbnail(outcome: ReadOutcome) {
  const thumbnail = outcome.thumbnail!;
  expect(thumbnail).not.toBeNull();
  expect(thumbnail.bytes.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxThumbnailBytes);
  const meta = await sharp(Buffer.from(thumbnail.bytes)).metadata();
  expect(meta.format).toBe("webp");
  expect([meta.width, meta.height]).toEqual([thumbnail.width, thumbnail.height]);
  expect(thumbnail.width).toBeLessThanOrEqual(DEFAULT_LIMITS.thumbnailWidth);
  expect(thumbnail.height).toBeLessThanOrEqual(2 * thumbnail.width);
}

beforeAll(async () => {
  files = await ordinaryFiles();
});

describe("reading each type", () => {
  it("PDF: text per page, the word on its page, the page count and a thumbnail of page 1", async () => {
    const outcome = await read(files.pdf!);
    expect(outcome).toMatchObject({ status: "done", reason: null, kind: "pdf", unit: "page", pageCount: 3, truncated: false });
    expect(outcome.pages.map((p) => p.number)).toEqual([1, 2, 3]);
    expect(outcome.pages.find((p) => p.text.includes(WORDS.pdf))?.number).toBe(2);
    expect(outcome.pages[0]!.text).toBe("Camp coordination report\nIntroduction");
    expect(outcome.textBytes).toBe(Buffer.byteLength(allText(outcome)) - 2); // the joins above are not counted
    await expectThumbnail(outcome);
    expect(outcome.thumbnail!.width).toBe(320);
  });

  it("DOCX: the whole text as one unit, Word's page count, entities decoded, its saved thumbnail", async () => {
    const outcome = await read(files.docx!);
    expect(outcome).toMatchObject({ status: "done", kind: "docx", unit: "whole", pageCount: 3 });
    expect(outcome.pages).toHaveLength(1);
    expect(outcome.pages[0]!.text).toBe(`Site planning guideline\n\nParagraph with ${WORDS.docx} & more`);
    await expectThumbnail(outcome);
  });

  it("XLSX: one page per sheet in workbook order, named, strings only", async () => {
    const outcome = await read(files.xlsx!);
    expect(outcome).toMatchObject({ status: "done", kind: "xlsx", unit: "sheet", pageCount: 2, thumbnail: null });
    expect(outcome.pages).toEqual([
      { number: 1, label: "Summary", text: "District Households\nBaidoa" },
      { number: 2, label: "Sites", text: `Site Note\nKaxda ${WORDS.xlsx} flood risk` },
    ]);
  });

  it("XLSX with inline strings", async () => {
    const outcome = await read({
      name: "inline.xlsx",
      bytes: makeXlsx([{ name: "S", rows: [["inline & word"]] }], { inlineStrings: true }),
    });
    expect(outcome.pages[0]!.text).toBe("inline & word");
  });

  it("PPTX: one page per slide, in slide order", async () => {
    const outcome = await read(files.pptx!);
    expect(outcome).toMatchObject({ status: "done", kind: "pptx", unit: "slide", pageCount: 2 });
    expect(outcome.pages).toEqual([
      { number: 1, text: "CCCM training" },
      { number: 2, text: `Module 2\nSay ${WORDS.pptx} aloud` },
    ]);
    await expectThumbnail(outcome);
  });

  it("TXT and CSV: decoded, NUL stripped, whitespace normalised", async () => {
    const txt = await read(files.txt!);
    expect(txt).toMatchObject({ status: "done", kind: "text", unit: "whole", pageCount: null, thumbnail: null });
    expect(txt.pages[0]!.text).toBe(`Notes from the field\n\n${WORDS.txt} and more end`);
    const csv = await read(files.csv!);
    expect(csv.pages[0]!.text).toBe(`site,district\n${WORDS.csv},Baidoa`);
  });

  it("images: a thumbnail and no text; transparency on white", async () => {
    const png = await read(files.png!);
    expect(png).toMatchObject({ status: "done", kind: "image", pages: [], unit: null });
    await expectThumbnail(png);
    expect(png.thumbnail).toMatchObject({ width: 320, height: 160 });
    const { data } = await sharp(Buffer.from(png.thumbnail!.bytes)).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200); // half-transparent red over white, not over black
    expect(data[1]).toBeGreaterThan(100);
    const jpg = await read(files.jpg!);
    await expectThumbnail(jpg);
  });
});

describe("caps", () => {
  it("keeps at most the text budget, cut cleanly, and says it was cut", async () => {
    const outcome = await read({ name: "long.txt", bytes: new TextEncoder().encode("é".repeat(10_000)) }, { maxTextBytes: 1001 });
    expect(outcome.status).toBe("done");
    expect(outcome.truncated).toBe(true);
    expect(outcome.pages[0]!.text).toBe("é".repeat(500));
    expect(outcome.textBytes).toBe(1000);
  });

  it("reads PDF pages up to the page cap and counts them all", async () => {
    const outcome = await read({ name: "many.pdf", bytes: makeManyPagePdf(30, (n) => `page ${n}`) }, { maxPdfPages: 10 });
    expect(outcome).toMatchObject({ status: "done", pageCount: 30, truncated: true });
    expect(outcome.pages).toHaveLength(10);
    expect(outcome.pages[9]!.text).toBe("page 10");
  });

  it("stops a spreadsheet at the cell cap or the text budget, whichever comes first", async () => {
    const million = { name: "million.xlsx", bytes: makeManyCellXlsx(1_000_000) };
    const started = performance.now();
    const outcome = await read(million);
    expect(outcome).toMatchObject({ status: "done", kind: "xlsx", truncated: true, pageCount: 1 });
    expect(outcome.textBytes).toBeLessThanOrEqual(DEFAULT_LIMITS.maxTextBytes);
    expect(outcome.textBytes).toBeGreaterThan(DEFAULT_LIMITS.maxTextBytes - 100);
    const capped = await read(million, { maxCells: 10_000 });
    expect(capped.truncated).toBe(true);
    expect(capped.pages[0]!.text.split(/\s/).length).toBeLessThan(10_000);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe("files that cannot be read", () => {
  it("a scanned PDF: no text layer, but its page count and thumbnail", async () => {
    const outcome = await read({ name: "scan.pdf", bytes: await makeScannedPdf(3, 200_000) });
    expect(outcome).toMatchObject({ status: "failed", reason: FAILURE_REASONS.scanned, kind: "pdf", pageCount: 3, pages: [] });
    await expectThumbnail(outcome);
  });

  it("an encrypted PDF", async () => {
    const outcome = await read({ name: "locked.pdf", bytes: makeEncryptedPdf("secret text", "open sesame") });
    expect(outcome).toMatchObject({ status: "failed", reason: FAILURE_REASONS.encryptedPdf, kind: "pdf" });
  });

  it("a truncated PDF", async () => {
    const whole = await makeTextPdf([["one"], ["two"]]);
    const outcome = await read({ name: "cut.pdf", bytes: whole.subarray(0, Math.floor(whole.length / 2)) });
    expect(outcome).toMatchObject({ status: "failed", reason: FAILURE_REASONS.damaged });
  });

  it("content that does not match its extension", async () => {
    const pdf = files.pdf!.bytes;
    expect((await read({ name: "letter.docx", bytes: pdf })).reason).toBe(FAILURE_REASONS.mismatch);
    expect((await read({ name: "noise.pdf", bytes: new Uint8Array(4096).map((_, i) => (i * 7919) % 256) })).reason).toBe(
      FAILURE_REASONS.mismatch,
    );
    expect((await read({ name: "sheet.xlsx", bytes: files.docx!.bytes })).reason).toBe(FAILURE_REASONS.mismatch);
    expect((await read({ name: "photo.png", bytes: files.jpg!.bytes })).reason).toBe(FAILURE_REASONS.mismatch);
  });

  it("types without a reader", async () => {
    const outcome = await read({ name: "old.doc", bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) });
    expect(outcome).toMatchObject({ status: "failed", reason: FAILURE_REASONS.unsupported, kind: null });
  });

  it("a DOCX zip bomb, honest or lying about its size, without inflating it", async () => {
    const honest = await read({ name: "bomb.docx", bytes: makeDocxBomb(2) });
    expect(honest).toMatchObject({ status: "failed", reason: FAILURE_REASONS.tooLarge, kind: "docx" });
    const liar = await read({ name: "liar.docx", bytes: makeDocxBomb(2, { lieAboutSize: true }) });
    expect(liar).toMatchObject({ status: "failed", reason: FAILURE_REASONS.damaged, kind: "docx" });
  });

  it("a damaged zip, and a DOCX mammoth cannot read", async () => {
    const cut = files.docx!.bytes.subarray(0, 200);
    expect((await read({ name: "cut.docx", bytes: cut })).reason).toBe(FAILURE_REASONS.damaged);
    const noDocument = zipFiles({ "word/styles.xml": "<w:styles/>" });
    expect((await read({ name: "empty.docx", bytes: noDocument })).reason).toBe(FAILURE_REASONS.damaged);
  });

  it("a broken image", async () => {
    const jpg = files.jpg!.bytes;
    const outcome = await read({ name: "broken.jpg", bytes: jpg.subarray(0, 600) });
    expect(outcome).toMatchObject({ status: "failed", reason: FAILURE_REASONS.damaged, kind: "image" });
  });

  it("an image with more pixels than allowed", async () => {
    const outcome = await read(files.jpg!, { maxImagePixels: 1000 });
    expect(outcome).toMatchObject({ status: "failed", reason: FAILURE_REASONS.tooLarge });
  });

  it("an empty DOCX is read, with no text", async () => {
    const outcome = await read({ name: "blank.docx", bytes: makeDocx([]) });
    expect(outcome).toMatchObject({ status: "done", pages: [{ number: 1, text: "" }] });
  });
});
