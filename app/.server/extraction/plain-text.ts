/** TXT and CSV: UTF-8 (a byte sequence that is not becomes U+FFFD rather than failing), one unit, capped. */

import type { ExtractionLimits } from "./limits";
import { type Reading, readingOf } from "./reading";
import { normaliseText, TextBudget } from "./text";

// Normalising only shortens text, so decoding a little more than the budget is enough to fill it.
const DECODE_MARGIN = 64 * 1024;

export function readPlainText(bytes: Uint8Array, limits: ExtractionLimits): Reading {
  const decodeBytes = Math.min(bytes.length, limits.maxTextBytes + DECODE_MARGIN);
  // stream: true drops a character cut at the end of the decoded part instead of making it U+FFFD.
  const decoded = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, decodeBytes), { stream: decodeBytes < bytes.length });
  const budget = new TextBudget(limits.maxTextBytes);
  const text = budget.take(normaliseText(decoded));
  return readingOf({
    kind: "text",
    unit: "whole",
    pages: [{ number: 1, text }],
    pageCount: null,
    truncated: budget.truncated || decodeBytes < bytes.length,
  });
}
