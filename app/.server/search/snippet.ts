import type { SnippetPart } from "~/lib/document-query";
import { foldText } from "./normalise";

/**
 * The short excerpt a result card shows with the matched words marked (issue 10): built here in
 * TypeScript from the stored text, the same way on both engines. The parts are plain text; the
 * page renders `mark` parts inside <mark> with React, which escapes them.
 */

/** About how many characters a snippet shows. */
export const SNIPPET_CHARS = 180;
/** How much text comes before the first matched word. */
const LEAD_CHARS = 50;

// Words as the index splits them, with their combining marks (foldText removes those).
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

interface Hit {
  start: number;
  end: number;
}

/** Where the words of `text` that start with one of `terms` (folded tokens) are. */
function hitsIn(text: string, terms: readonly string[]): Hit[] {
  const hits: Hit[] = [];
  for (const match of text.matchAll(WORD)) {
    const folded = foldText(match[0]);
    if (terms.some((term) => folded.startsWith(term))) hits.push({ start: match.index, end: match.index + match[0].length });
  }
  return hits;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** A snippet's edge moves at most this far to keep a word whole; a longer run of letters is cut. */
const MAX_EDGE_SHIFT = 30;

/** `index`, or the one before it if it falls between the two halves of a surrogate pair (an emoji). */
function codePointBoundary(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  return index > 0 && unit >= 0xdc00 && unit <= 0xdfff ? index - 1 : index;
}

/** Moves `index` back to the start of the word it falls in, so a snippet never starts mid-word. */
function wordStart(text: string, index: number): number {
  let i = index;
  while (i > 0 && index - i <= MAX_EDGE_SHIFT && WORD_CHAR.test(text[i - 1]!)) i--;
  return codePointBoundary(text, index - i > MAX_EDGE_SHIFT ? index : i);
}

/** Moves `index` on to the end of the word it falls in, so a snippet never ends mid-word. */
function wordEnd(text: string, index: number): number {
  let i = index;
  while (i < text.length && i - index <= MAX_EDGE_SHIFT && WORD_CHAR.test(text[i]!)) i++;
  return codePointBoundary(text, i - index > MAX_EDGE_SHIFT ? index : i);
}

/**
 * A snippet of `text` around its first word matching `terms`, or null when no word matches.
 * Whitespace runs become single spaces; an ellipsis marks text left out on either side.
 */
export function buildSnippet(raw: string | null, terms: readonly string[], maxChars = SNIPPET_CHARS): SnippetPart[] | null {
  if (!raw || terms.length === 0) return null;
  const text = raw.replace(/\s+/g, " ").trim();
  const hits = hitsIn(text, terms);
  if (hits.length === 0) return null;
  const start = hits[0]!.start <= LEAD_CHARS ? 0 : wordStart(text, hits[0]!.start - LEAD_CHARS);
  const end = start + maxChars >= text.length ? text.length : wordEnd(text, start + maxChars);
  const parts: SnippetPart[] = [];
  const push = (value: string, mark: boolean) => {
    if (value) parts.push({ text: value, mark });
  };
  if (start > 0) push("…", false);
  let at = start;
  for (const hit of hits) {
    if (hit.start < start) continue;
    if (hit.start >= end) break;
    push(text.slice(at, hit.start), false);
    push(text.slice(hit.start, Math.min(hit.end, end)), true);
    at = Math.min(hit.end, end);
  }
  push(text.slice(at, end), false);
  if (end < text.length) push("…", false);
  return parts;
}

/** All of `text` in parts, the words matching `terms` marked (the text view's highlighting); one unmarked part without terms. */
export function markTerms(text: string, terms: readonly string[]): SnippetPart[] {
  if (terms.length === 0 || text === "") return text ? [{ text, mark: false }] : [];
  const parts: SnippetPart[] = [];
  let at = 0;
  for (const hit of hitsIn(text, terms)) {
    if (hit.start > at) parts.push({ text: text.slice(at, hit.start), mark: false });
    parts.push({ text: text.slice(hit.start, hit.end), mark: true });
    at = hit.end;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}
