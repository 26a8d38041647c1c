// pdf.js's worker module has no type declarations; it is imported only for its side effect.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs";
