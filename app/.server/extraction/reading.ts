/**
 * What a reader hands back: the outcome (text, count, status) at once, and the thumbnail as a
 * second step. The child sends the outcome before it starts the thumbnail, so a page that is too
 * heavy to render (and kills the child) cannot lose the text already read.
 */

import type { FailureReason, ReadOutcome, Thumbnail } from "./result";
import { utf8Bytes } from "./text";

export type Reading = {
  /** Without thumbnail (null); see `thumbnail`. */
  outcome: ReadOutcome;
  /** Makes the thumbnail; absent when the kind has none. */
  thumbnail?: () => Promise<Thumbnail | null>;
  /** Frees what the reader kept open for the thumbnail (pdf.js's document). */
  release?: () => Promise<void>;
};

type Found = Pick<ReadOutcome, "kind" | "unit" | "pages" | "pageCount"> & { truncated?: boolean; textBytes?: number };

export function readingOf(
  found: Found,
  options: { failed?: FailureReason; detail?: string | null; thumbnail?: Reading["thumbnail"]; release?: Reading["release"] } = {},
): Reading {
  const outcome: ReadOutcome = {
    status: options.failed ? "failed" : "done",
    reason: options.failed ?? null,
    kind: found.kind,
    unit: found.unit,
    pages: found.pages,
    pageCount: found.pageCount,
    truncated: found.truncated ?? false,
    textBytes: found.textBytes ?? found.pages.reduce((sum, p) => sum + utf8Bytes(p.text), 0),
    thumbnail: null,
    detail: options.detail ?? null,
  };
  return { outcome, thumbnail: options.thumbnail, release: options.release };
}
