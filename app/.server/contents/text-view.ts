import type { SnippetPart } from "~/lib/document-query";
import type { AppContext } from "../context";
import type { TextUnit } from "../db/types";
import { findPublishedDocument } from "../documents/documents.service";
import { FAILURE_REASONS } from "../extraction/result";
import { highlightTerms, parseSearchQuery } from "../search/query";
import { markTerms } from "../search/snippet";

/**
 * The text view, /document/:id/text (issue 11): what the reader found in a published document's
 * own file, as light HTML a thin link can afford: paragraphs with page markers, the reader's
 * search words marked, in parts of about 100,000 characters (a long report does not arrive as
 * one 5 MB page). Drafts and unknown ids are not found, as on the detail page.
 */

/** About how many characters one part of the view holds; a page is never split. */
export const TEXT_PART_CHARS = 100_000;

export interface TextPage {
  number: number;
  /** Paragraphs, each in parts (`mark` parts are the search words). */
  paragraphs: SnippetPart[][];
}

export type TextAvailability =
  | { state: "ready" }
  | { state: "queued" }
  | { state: "failed"; reason: string }
  | { state: "empty" }
  | { state: "no-file" };

export interface DocumentTextView {
  document: { id: string; title: string; category: string; fileType: string | null; fileSize: number | null };
  availability: TextAvailability;
  unit: TextUnit | null;
  pageCount: number | null;
  /** Characters of text in all (the size offered against the file's). */
  textChars: number;
  truncated: boolean;
  pages: TextPage[];
  part: number;
  partCount: number;
  /** The search words, as given (for the links between parts). */
  q: string;
}

/** Splits a page into paragraphs at blank lines; the lines of one paragraph run on. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p !== "");
}

/** The parts of a file's pages: consecutive pages of about TEXT_PART_CHARS each, as [first, last] page numbers. */
function partsOf(pages: readonly { page: number; chars: number }[]): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  let start: number | null = null;
  let size = 0;
  let last = 0;
  for (const { page, chars } of pages) {
    if (start !== null && size + chars > TEXT_PART_CHARS) {
      parts.push([start, last]);
      start = null;
      size = 0;
    }
    start ??= page;
    size += chars;
    last = page;
  }
  if (start !== null) parts.push([start, last]);
  return parts;
}

export async function documentTextView(
  ctx: AppContext,
  id: string,
  options: { q: string; part: number },
): Promise<DocumentTextView | null> {
  const document = await findPublishedDocument(ctx, id);
  if (!document) return null;
  const db = ctx.db.kysely;
  const base = {
    document: {
      id: document.id,
      title: document.title,
      category: document.category,
      fileType: document.file_ext ? document.file_ext.toUpperCase() : null,
      fileSize: document.size,
    },
    unit: null,
    pageCount: null,
    textChars: 0,
    truncated: false,
    pages: [],
    part: 1,
    partCount: 1,
    q: options.q,
  } satisfies Omit<DocumentTextView, "availability">;
  if (!document.file_path) return { ...base, availability: { state: "no-file" } };
  const contents = await db.selectFrom("file_contents").selectAll().where("file_key", "=", document.file_path).executeTakeFirst();
  if (!contents || contents.status === "queued") return { ...base, availability: { state: "queued" } };
  const facts = {
    unit: contents.text_unit,
    pageCount: contents.page_count,
    textChars: contents.text_chars,
    truncated: contents.text_truncated === 1,
  };
  if (contents.status === "failed" && contents.text_chars === 0)
    return { ...base, ...facts, availability: { state: "failed", reason: contents.reason ?? FAILURE_REASONS.unreadable } };
  if (contents.text_chars === 0) return { ...base, ...facts, availability: { state: "empty" } };

  // Page sizes first (a few bytes a page), then only the text of the part shown.
  const sizes = await db
    .selectFrom("file_text_pages")
    .select(({ fn }) => ["page", fn<number>("length", ["text"]).as("chars")])
    .where("file_key", "=", document.file_path)
    .orderBy("page")
    .execute();
  const parts = partsOf(sizes.map((s) => ({ page: s.page, chars: Number(s.chars) })));
  const part = Math.min(Math.max(1, options.part), Math.max(1, parts.length));
  const [first, last] = parts[part - 1] ?? [1, 0];
  const rows = await db
    .selectFrom("file_text_pages")
    .select(["page", "text"])
    .where("file_key", "=", document.file_path)
    .where("page", ">=", first)
    .where("page", "<=", last)
    .orderBy("page")
    .execute();
  const terms = options.q ? highlightTerms(parseSearchQuery(options.q)) : [];
  const pages = rows.map((row) => ({ number: row.page, paragraphs: paragraphsOf(row.text).map((p) => markTerms(p, terms)) }));
  return { ...base, ...facts, availability: { state: "ready" }, pages, part, partCount: parts.length };
}
