/**
 * Files for the extraction tests and benchmark, generated (nothing binary is committed): one of
 * each readable type carrying a word found nowhere else, and the hostile ones (encrypted,
 * truncated, scanned, enormous, bombs, disguised, hanging).
 */

import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { type DemoFileInput, renderDemoFile, seededRandom } from "~/.server/demo/demo-files";
import { makeDocx, makeManyCellXlsx, makePptx, makeXlsx } from "./office-files";
import { makeEncryptedPdf, makeManyPagePdf, makeNestedFormPdf } from "./pdf-writer";
import { entry, zerosEntry, zipOf } from "./zip-writer";

/** A PDF whose page n shows the lines of `pages[n-1]` (pdf-lib, Helvetica). */
export async function makeTextPdf(pages: string[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    for (const [i, line] of lines.entries()) page.drawText(line, { x: 50, y: 780 - i * 16, size: 12, font });
  }
  return pdf.save();
}

/** A photograph-like JPEG: grey noise, `sigma` deciding how badly it compresses. */
export async function noiseJpeg(width: number, height: number, sigma = 40): Promise<Uint8Array> {
  const image = sharp({ create: { width, height, channels: 3, background: "#d8d8d8", noise: { type: "gaussian", mean: 200, sigma } } });
  return new Uint8Array(await image.jpeg({ quality: 85 }).toBuffer());
}

/** A PNG with transparency (a logo), to see it flattened onto white. */
export async function transparentPng(width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
      .png()
      .toBuffer(),
  );
}

/**
 * A scan: pages that are only a picture each, no text layer. `bytesPerPage` sets the size (the
 * benchmark's 50 MB file is 50 pages of 1 MB); each page has its own copy of the picture, as a
 * scanner writes them.
 */
export async function makeScannedPdf(pages: number, bytesPerPage: number): Promise<Uint8Array> {
  // A4 proportions (297/210); a first picture measures how many bytes a pixel of this noise costs.
  const sized = (width: number) => noiseJpeg(width, Math.round((width * 297) / 210), 60);
  const probe = await sized(400);
  const bytesPerPixel = probe.length / (400 * Math.round((400 * 297) / 210));
  const jpeg = await sized(Math.max(16, Math.round(Math.sqrt(((bytesPerPage / bytesPerPixel) * 210) / 297))));
  const pdf = await PDFDocument.create();
  for (let n = 0; n < pages; n++) {
    const image = await pdf.embedJpg(jpeg);
    pdf.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  return pdf.save();
}

/** The unique words, one per type: a test finds exactly its own in the extracted text. */
export const WORDS = {
  pdf: "quokkapdf",
  docx: "narwhaldocx",
  xlsx: "axolotlxlsx",
  pptx: "pangolinpptx",
  txt: "okapitxt",
  csv: "tapircsv",
};

/** One ordinary file of each readable type, named as stored. */
export async function ordinaryFiles(): Promise<Record<string, { name: string; bytes: Uint8Array }>> {
  const thumbnail = await noiseJpeg(256, 362, 8);
  return {
    pdf: {
      name: "report.pdf",
      bytes: await makeTextPdf([
        ["Camp coordination report", "Introduction"],
        ["Site list", `The word ${WORDS.pdf} is on page two.`],
        ["Annex"],
      ]),
    },
    docx: {
      name: "guideline.docx",
      bytes: makeDocx(["Site planning guideline", `Paragraph with ${WORDS.docx} & more`], { pages: 3, thumbnail }),
    },
    xlsx: {
      name: "sites.xlsx",
      bytes: makeXlsx([
        {
          name: "Summary",
          rows: [
            ["District", "Households"],
            ["Baidoa", 1200],
          ],
        },
        {
          name: "Sites",
          rows: [
            ["Site", "Note"],
            ["Kaxda", `${WORDS.xlsx} flood risk`],
          ],
        },
      ]),
    },
    pptx: { name: "training.pptx", bytes: makePptx([["CCCM training"], ["Module 2", `Say ${WORDS.pptx} aloud`]], { thumbnail }) },
    // The NUL comes after the first 4 KB, which the type check reads (uploads refuse text with NUL there).
    txt: {
      name: "notes.txt",
      bytes: new TextEncoder().encode(`Notes from the field\r\n\r\n\r\n${WORDS.txt}\tand\u00a0more${" ".repeat(4096)}\u0000end`),
    },
    csv: { name: "sites.csv", bytes: new TextEncoder().encode(`site,district\n${WORDS.csv},Baidoa\n`) },
    png: { name: "logo.png", bytes: await transparentPng(640, 320) },
    jpg: { name: "photo.jpg", bytes: await noiseJpeg(1200, 900, 20) },
  };
}

/** A DOCX whose document.xml is `gibibytes` GiB of zeros: honest headers (2 MB per GiB), or a declared size of 1 KB. */
export function makeDocxBomb(gibibytes: number, options: { lieAboutSize?: boolean } = {}): Uint8Array {
  const mebibytes = gibibytes * 1024;
  return zipOf([
    entry("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    entry("_rels/.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'),
    zerosEntry("word/document.xml", mebibytes, options.lieAboutSize ? 1024 : Math.min(mebibytes * 1024 * 1024, 0xffffffff)),
  ]);
}

/** Words for filler text: a report's vocabulary, so text compresses and wraps like a real one. */
const FILLER = (
  "camp coordination site management households displacement flood drought eviction shelter water " +
  "sanitation hygiene protection district settlement verification partners assessment response " +
  "Baidoa Mogadishu Kismayo Dollow Garowe Beledweyne Galkayo families arrivals monitoring services"
).split(" ");

function sentence(random: () => number, words: number): string {
  return Array.from({ length: words }, () => FILLER[Math.floor(random() * FILLER.length)]).join(" ");
}

/** A text-dense report of `pages` pages: about 45 lines of 15 words each, as a long report has. */
export async function makeLongPdf(pages: number, seed = "long"): Promise<Uint8Array> {
  const rng = seededRandom(seed);
  const random = () => rng.next();
  return makeTextPdf(
    Array.from({ length: pages }, (_, p) => [`Section ${p + 1}`, ...Array.from({ length: 44 }, () => sentence(random, 15))]),
  );
}

const demoInput = (title: string, format: DemoFileInput["format"], extra: Partial<DemoFileInput> = {}): DemoFileInput => ({
  title,
  description: `${title}: the demo content's own generator, as \`portal demo\` writes it.`,
  category: "Report",
  tags: ["Baidoa", "flood"],
  date: new Date("2026-03-01T00:00:00Z"),
  format,
  seed: title,
  ...extra,
});

/**
 * The benchmark's demo-like set: the demo content's kinds of file (as `portal demo` makes them),
 * longer reports, and Office files of a realistic size.
 */
export async function benchmarkFiles(): Promise<Array<{ name: string; bytes: Uint8Array }>> {
  const rng = seededRandom("bench");
  const random = () => rng.next();
  const paragraphs = (count: number) => Array.from({ length: count }, () => sentence(random, 40));
  const thumbnail = await noiseJpeg(256, 362, 8);
  const rows = (count: number) =>
    Array.from({ length: count }, (_, r) => [sentence(random, 2), sentence(random, 4), r * 17, sentence(random, 1), r]);
  return [
    { name: "flash-update.pdf", bytes: await renderDemoFile(demoInput("Flash update Baidoa", "pdf", { pages: 1 })) },
    { name: "site-report.pdf", bytes: await renderDemoFile(demoInput("Site verification report", "pdf", { pages: 3 })) },
    { name: "guidance.pdf", bytes: await renderDemoFile(demoInput("Eviction guidance note", "pdf", { pages: 2 })) },
    { name: "assessment-40p.pdf", bytes: await makeLongPdf(40, "assessment") },
    { name: "annual-report-120p.pdf", bytes: await makeLongPdf(120, "annual") },
    { name: "notes.txt", bytes: await renderDemoFile(demoInput("Field notes", "txt")) },
    { name: "site-list.csv", bytes: await renderDemoFile(demoInput("Site list", "csv", { csvKind: "site-list" })) },
    { name: "demo-guide.docx", bytes: await renderDemoFile(demoInput("Facilitator guide", "docx")) },
    { name: "demo-tool.xlsx", bytes: await renderDemoFile(demoInput("Service mapping tool", "xlsx", { csvKind: "service-mapping" })) },
    { name: "demo-deck.pptx", bytes: await renderDemoFile(demoInput("Orientation deck", "pptx")) },
    { name: "guideline.docx", bytes: makeDocx(paragraphs(300), { pages: 24, thumbnail }) },
    { name: "sites.xlsx", bytes: makeXlsx(["Sites", "Services", "Evictions"].map((name) => ({ name, rows: rows(2000) }))) },
    {
      name: "training.pptx",
      bytes: makePptx(
        Array.from({ length: 30 }, (_, i) => [`Module ${i + 1}`, ...paragraphs(3)]),
        { thumbnail },
      ),
    },
    { name: "site-photo.jpg", bytes: await noiseJpeg(2000, 1500, 20) },
  ];
}

export { makeEncryptedPdf, makeManyCellXlsx, makeManyPagePdf, makeNestedFormPdf };
