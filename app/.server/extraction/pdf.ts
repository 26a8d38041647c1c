/**
 * PDF: the text of each page (up to the page cap and the text budget), the page count, and a
 * thumbnail of page 1 rendered with pdf.js. A PDF whose pages carry no text at all is a scan: it
 * fails with that reason but keeps its page count and thumbnail.
 */

import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { ExtractionLimits } from "./limits";
import { documentOptions, loadPdfjs } from "./pdfjs";
import { type Reading, readingOf } from "./reading";
import { type ExtractedPage, FAILURE_REASONS, ReadFailure, type Thumbnail } from "./result";
import { normaliseText, TextBudget } from "./text";
import { pixelsThumbnail } from "./thumbnail";

export async function readPdf(bytes: Uint8Array, limits: ExtractionLimits): Promise<Reading> {
  const pdfjs = await loadPdfjs();
  let doc: PDFDocumentProxy;
  try {
    // pdf.js takes the ArrayBuffer it is given over (transfers it, leaving the caller's bytes
    // empty) and refuses a Buffer: it gets a plain copy of its own.
    doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), ...documentOptions(limits.maxImagePixels) }).promise;
  } catch (error) {
    throw pdfFailure(error);
  }
  const budget = new TextBudget(limits.maxTextBytes);
  const pages: ExtractedPage[] = [];
  const lastPage = Math.min(doc.numPages, limits.maxPdfPages);
  let unreadable = 0;
  for (let number = 1; number <= lastPage && !budget.exhausted; number++) {
    let text = "";
    try {
      text = await pageText(await doc.getPage(number));
    } catch {
      unreadable++; // one damaged page does not lose the others
    }
    pages.push({ number, text: budget.take(text) });
  }
  const base = { kind: "pdf" as const, unit: "page" as const, pageCount: doc.numPages, pages };
  const thumbnail = () => renderFirstPage(doc, limits);
  const release = () => doc.destroy();
  const truncated = budget.truncated || pages.length < doc.numPages;
  if (pages.length > 0 && unreadable === pages.length)
    return readingOf(base, { failed: FAILURE_REASONS.damaged, detail: "no page could be read", thumbnail, release });
  if (pages.every((p) => p.text === ""))
    return readingOf({ ...base, pages: [] }, { failed: FAILURE_REASONS.scanned, detail: null, thumbnail, release });
  return readingOf({ ...base, truncated, textBytes: budget.usedBytes }, { thumbnail, release });
}

async function pageText(page: PDFPageProxy): Promise<string> {
  try {
    const content = await page.getTextContent();
    let raw = "";
    for (const item of content.items) if ("str" in item) raw += item.hasEOL ? `${item.str}\n` : item.str;
    return normaliseText(raw);
  } finally {
    page.cleanup(); // pdf.js keeps each page's resources otherwise (pdf.js#11645)
  }
}

type CanvasFactory = { create(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } };

/** Page 1 at twice the thumbnail width (sharper once reduced), its height at most twice its width. */
async function renderFirstPage(doc: PDFDocumentProxy, limits: ExtractionLimits): Promise<Thumbnail | null> {
  const page = await doc.getPage(1);
  try {
    const natural = page.getViewport({ scale: 1 });
    if (!(natural.width > 0 && natural.height > 0)) return null;
    const viewport = page.getViewport({ scale: (2 * limits.thumbnailWidth) / natural.width });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.min(Math.round(viewport.height), 2 * width));
    // pdf.js's own factory: its canvas package is the one pdf.js was built against (a second copy
    // of that native module breaks rendering).
    const { canvas, context } = (doc.canvasFactory as CanvasFactory).create(width, height);
    await page.render({ canvas, canvasContext: context, viewport, background: "#ffffff" }).promise;
    const pixels = context.getImageData(0, 0, width, height).data;
    return await pixelsThumbnail(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height, limits);
  } finally {
    page.cleanup();
  }
}

function pdfFailure(error: unknown): ReadFailure {
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message : String(error);
  if (name === "PasswordException") return new ReadFailure(FAILURE_REASONS.encryptedPdf, `pdf.js: ${message}`);
  return new ReadFailure(FAILURE_REASONS.damaged, `pdf.js: ${name ? `${name}: ` : ""}${message}`);
}
