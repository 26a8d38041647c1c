import { tokenise } from "./normalise";

/**
 * The search query language (decision 0014), parsed once and rendered per engine (render.ts):
 *
 * - `camp water`: every word must match, in any order;
 * - `"camp management"`: a phrase, its words adjacent and in order (an unclosed quote runs to the end);
 * - `-sanitation`, `-"water points"`: the document must not match this word or phrase;
 * - `baidoa OR kismayo`: either alternative (upper-case OR, between two positive words or phrases);
 * - the last word matches as a prefix while it is being typed (no space after it).
 *
 * Anything else is text: FTS operators, brackets, `*`, `^`, `:` and other punctuation only
 * separate words, so no input can reach an engine's query syntax.
 */

/** One word or phrase. A word that splits into several tokens ("Xamar-Weyne") is a phrase. */
export interface SearchTerm {
  kind: "word" | "phrase";
  /** Folded tokens of letters and digits only; never empty. */
  tokens: string[];
  /** The document must not match it. An excluded term is always alone in its group. */
  excluded: boolean;
  /** The last token matches as a prefix ("manag" finds "management"). */
  prefix: boolean;
}

/**
 * Groups are joined by AND; the terms of a group are alternatives (OR). A query with no positive
 * term is empty: "everything except X" is the unfiltered listing, not a search, and FTS5 cannot
 * express it (NOT needs a positive term on its left).
 */
export interface SearchQuery {
  groups: SearchTerm[][];
}

/** At most this many terms are read; the rest of the input is ignored. */
export const MAX_TERMS = 10;
/** At most this many tokens in one phrase. */
export const MAX_PHRASE_TOKENS = 10;
/** Only the start of a longer input is read, so a 10,000-character paste costs nothing. */
export const MAX_INPUT_LENGTH = 1_000;
/** A one-letter prefix would match most of the index; it is searched as a whole word. */
const MIN_PREFIX_LENGTH = 2;

const SEPARATOR = /[\s\p{Cc}]/u;

type Item = { or: true } | { or: false; term: SearchTerm };

export function parseSearchQuery(raw: string): SearchQuery {
  const items = readItems(raw.slice(0, MAX_INPUT_LENGTH));
  const groups: SearchTerm[][] = [];
  let orPending = false;
  for (const item of items) {
    const last = groups.at(-1);
    if (item.or) {
      // OR only joins two positive terms; elsewhere (first, last, next to an exclusion) it is dropped.
      orPending = last !== undefined && !last[0]!.excluded;
      continue;
    }
    if (orPending && last && !item.term.excluded) last.push(item.term);
    else groups.push([item.term]);
    orPending = false;
  }
  if (!groups.some((group) => !group[0]!.excluded)) return { groups: [] };
  return { groups };
}

/** Reads terms and OR markers left to right; the last term gets `prefix` if it runs to the end. */
function readItems(input: string): Item[] {
  const items: Item[] = [];
  let terms = 0;
  let i = 0;
  while (i < input.length && terms < MAX_TERMS) {
    if (SEPARATOR.test(input[i]!)) {
      i++;
      continue;
    }
    let excluded = false;
    if (input[i] === "-" && i + 1 < input.length && !SEPARATOR.test(input[i + 1]!)) {
      excluded = true;
      i++;
    }
    let text: string;
    let quoted = false;
    let typing: boolean;
    if (input[i] === '"') {
      const close = input.indexOf('"', i + 1);
      quoted = true;
      // An unclosed quote is a phrase still being typed.
      typing = close < 0;
      text = typing ? input.slice(i + 1) : input.slice(i + 1, close);
      i = typing ? input.length : close + 1;
    } else {
      let end = i;
      while (end < input.length && input[end] !== '"' && !SEPARATOR.test(input[end]!)) end++;
      text = input.slice(i, end);
      i = end;
      typing = i === input.length;
      if (!excluded && text === "OR") {
        items.push({ or: true });
        continue;
      }
    }
    const tokens = tokenise(text).slice(0, MAX_PHRASE_TOKENS);
    if (tokens.length === 0) continue;
    const lastToken = tokens.at(-1)!;
    const prefix = typing && !excluded && Array.from(lastToken).length >= MIN_PREFIX_LENGTH;
    const kind = quoted || tokens.length > 1 ? "phrase" : "word";
    items.push({ or: false, term: { kind, tokens, excluded, prefix } });
    terms++;
  }
  return items;
}

export function isEmpty(query: SearchQuery): boolean {
  return query.groups.length === 0;
}

/** The distinct tokens a snippet should mark: positive terms only (an excluded word is absent). */
export function highlightTerms(query: SearchQuery): string[] {
  const seen = new Set<string>();
  for (const group of query.groups) {
    for (const term of group) if (!term.excluded) for (const token of term.tokens) seen.add(token);
  }
  return [...seen];
}
