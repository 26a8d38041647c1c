/**
 * pdf.js (pdfjs-dist 5.6, legacy build: 5.7+ needs Node 22, and only the legacy build carries the
 * polyfills Node 20 needs), loaded on first use, with the options that make it safe and complete
 * on a server. Its "worker" runs in this thread: the child process is the isolation.
 */

import { createRequire } from "node:module";
import path from "node:path";

type PdfjsModule = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

let loading: Promise<PdfjsModule> | undefined;

export function loadPdfjs(): Promise<PdfjsModule> {
  loading ??= (async () => {
    const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
    // Loaded here, the worker module registers itself (globalThis.pdfjsWorker) and pdf.js uses
    // it in-thread instead of resolving a worker file at run time.
    await import("pdfjs-dist/legacy/build/pdf.worker.mjs");
    return pdfjs;
  })();
  return loading;
}

// The package's data folders, found from wherever this code runs (sources, the built server
// bundle): pdf.js on Node reads them from disk. Trailing slashes are required.
const packageRoot = path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const folder = (name: string) => `${path.join(packageRoot, name)}/`;

/** Options of every `getDocument` call. */
export function documentOptions(maxImagePixels: number) {
  return {
    // No `new Function` for PostScript functions in a PDF; no fonts handed to a font loader.
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
    // Without these, text set in the 14 standard fonts, CJK encodings, and JPEG 2000 or JBIG2
    // images (common in scans) come out wrong or empty.
    standardFontDataUrl: folder("standard_fonts"),
    cMapUrl: folder("cmaps"),
    cMapPacked: true,
    wasmUrl: folder("wasm"),
    iccUrl: folder("iccs"),
    // An image larger than this is not decoded (it would be drawn blank in a thumbnail).
    maxImageSize: maxImagePixels,
  };
}
