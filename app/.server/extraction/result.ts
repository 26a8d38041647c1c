/**
 * What reading a file produces. The shape is plain data (strings, numbers, one Uint8Array), so
 * it crosses the process boundary as is and can be stored without translation.
 */

/** The reasons shown to staff when a file cannot be read: exact texts, one per cause. */
export const FAILURE_REASONS = {
  scanned: "No text layer: scanned PDF",
  encryptedPdf: "Encrypted PDF",
  encryptedOffice: "Encrypted Office file",
  timedOut: "Timed out",
  tooLarge: "Too large to read",
  damaged: "Damaged file",
  mismatch: "Content does not match its extension",
  unsupported: "Unsupported file type",
  /** The portal gave up after every attempt failed (the reader itself never answered). */
  unreadable: "Could not be read",
  /** The document's stored file is gone from storage. */
  missing: "The stored file is missing",
} as const;

export type FailureReason = (typeof FAILURE_REASONS)[keyof typeof FAILURE_REASONS];

/** The readers, by what the content is (after the extension and the first bytes agree). */
export type FileKind = "pdf" | "docx" | "xlsx" | "pptx" | "text" | "image";

/**
 * What one entry of `pages` stands for: a PDF page, a slide, a sheet, or the whole text of a
 * file that has no reliable pages (DOCX, TXT, CSV: "found on page N" cannot be said of them).
 */
export type TextUnit = "page" | "slide" | "sheet" | "whole";

export type ExtractedPage = {
  /** 1-based position: the PDF page number, the slide number, the sheet's place in the workbook. */
  number: number;
  /** Normalised text: no NUL, single spaces, at most one blank line in a row. May be empty. */
  text: string;
  /** A sheet's name, when the unit has one. */
  label?: string;
};

export type Thumbnail = {
  /** WebP bytes. */
  bytes: Uint8Array;
  width: number;
  height: number;
};

export type ExtractionResult = {
  status: "done" | "failed";
  /** Set exactly when `status` is "failed". */
  reason: FailureReason | null;
  /** Null when the type was not recognised or the content did not match it. */
  kind: FileKind | null;
  unit: TextUnit | null;
  /** In reading order; a failed file may still carry none. Empty pages are kept, so numbers stay positional. */
  pages: ExtractedPage[];
  /**
   * The document's own count of pages (PDF), slides (PPTX), sheets (XLSX), or the pages Word
   * last recorded (DOCX `docProps/app.xml`); null when unknown. Counts every page, not only those read.
   */
  pageCount: number | null;
  /** True when text was left out at a cap (text bytes, PDF pages, spreadsheet cells). */
  truncated: boolean;
  /** UTF-8 bytes of all page texts together (at most the text limit). */
  textBytes: number;
  thumbnail: Thumbnail | null;
  /** Wall-clock time of the whole extraction, child start included. */
  elapsedMs: number;
  /** What the child reported of itself; null when it died before saying (or for in-process reading). */
  usage: ChildUsage | null;
  /** A technical note for the log (the library's error, what the child printed); never shown to visitors. */
  detail: string | null;
};

export type ChildUsage = {
  /** From the child's process start to its first line of work: Node's start and the readers' code loaded. */
  startupMs: number;
  /** Reading the file and making the thumbnail, libraries loaded on first use included. */
  workMs: number;
  /** The child's peak resident memory. */
  peakRssBytes: number;
};

/** The part of a result a reader produces; the runner adds timing. */
export type ReadOutcome = Omit<ExtractionResult, "elapsedMs" | "usage">;

export function failedOutcome(reason: FailureReason, detail: string | null, partial: Partial<ReadOutcome> = {}): ReadOutcome {
  return {
    kind: null,
    unit: null,
    pages: [],
    pageCount: null,
    truncated: false,
    textBytes: 0,
    thumbnail: null,
    ...partial,
    status: "failed",
    reason,
    detail,
  };
}

/** Errors a reader throws to end with a given reason; anything else thrown means a damaged file. */
export class ReadFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    message: string,
  ) {
    super(message);
    this.name = "ReadFailure";
  }
}
