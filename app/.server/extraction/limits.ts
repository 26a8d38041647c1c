/**
 * Every bound of the extraction engine, in one place: the parent process enforces time and
 * memory, the child enforces what it reads and keeps. Tests pass smaller values (a 2 s time
 * limit) through the same type.
 */
export type ExtractionLimits = {
  /** Wall-clock limit of one file, child start included; then the child is killed (SIGKILL). */
  timeoutMs: number;
  /** V8 heap of the child (`--max-old-space-size`, MB). */
  heapMb: number;
  /**
   * Hard cap of the child's writable memory (`prlimit --data`, bytes) when `prlimit` exists:
   * it also bounds memory outside V8's heap (Buffers, pdf.js images, sharp). Never `--as`: V8
   * and WebAssembly reserve address space far beyond what they use. 0 turns it off.
   */
  dataBytes: number;
  /** Largest file read at all (bytes); uploads are at most 50 MB. */
  maxFileBytes: number;
  /** Text kept per file, in UTF-8 bytes (what PostgreSQL and SQLite store), across all pages. */
  maxTextBytes: number;
  /** PDF pages whose text is read; the page count still reports every page. */
  maxPdfPages: number;
  /** Bytes inflated from one zip (DOCX, XLSX, PPTX), declared and actual, over all entries read. */
  maxInflatedBytes: number;
  /** Entries a zip may list; OOXML files have tens, rarely thousands. */
  maxZipEntries: number;
  /** Spreadsheet cells looked at, over all sheets; past it the text stops (truncated). */
  maxCells: number;
  /** Pixels of an image (or of one image inside a PDF) decoded for a thumbnail. */
  maxImagePixels: number;
  /** Thumbnail width in pixels (never enlarged) and its largest encoded size in bytes. */
  thumbnailWidth: number;
  maxThumbnailBytes: number;
};

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS: ExtractionLimits = {
  timeoutMs: 60_000,
  heapMb: 256,
  dataBytes: 1024 * MiB,
  maxFileBytes: 200 * MiB,
  maxTextBytes: 5 * MiB,
  maxPdfPages: 1000,
  maxInflatedBytes: 100 * MiB,
  maxZipEntries: 10_000,
  maxCells: 1_000_000,
  maxImagePixels: 40_000_000,
  thumbnailWidth: 320,
  maxThumbnailBytes: 15 * 1024,
};

export function withLimits(overrides: Partial<ExtractionLimits> | undefined): ExtractionLimits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
