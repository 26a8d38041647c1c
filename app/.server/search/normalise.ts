/**
 * Text normalisation shared by search queries and the indexes: the list index's words
 * (word-index.ts) and the databases' entries of the words inside files (page-index.ts).
 *
 * Both engines must see the same tokens, so the folding happens here in TypeScript rather than
 * in each engine: FTS5's unicode61 folds Latin accents but treats Arabic vowel marks as
 * separators (it splits "مُخَيَّم" into letters), and PostgreSQL's `simple` configuration folds
 * nothing and keeps "3.5" or "who.int" as single lexemes. Text that went through `indexText`
 * tokenises identically on both.
 */

/** Longest token kept; longer runs are cut (no real word is this long, and it bounds the work). */
export const MAX_TOKEN_LENGTH = 200;

const TOKEN = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}+/gu;

/**
 * Lower-cases, then removes combining marks (Latin accents, Arabic harakat) so "Dhúusamarreeb"
 * and "dhuusamarreeb" meet. Lower-casing comes first because it can itself add a mark ("İ").
 */
export function foldText(text: string): string {
  return text.toLowerCase().normalize("NFD").replace(MARKS, "").normalize("NFC");
}

/**
 * The runs of letters and digits in `text`, folded. Everything else separates tokens:
 * punctuation, apostrophes ("ka'a" gives "ka", "a", as both engines split it), emoji, control
 * characters and FTS syntax. Tokens never contain a quote, backslash or operator character.
 */
export function tokenise(text: string): string[] {
  const tokens: string[] = [];
  for (const match of foldText(text).matchAll(TOKEN)) {
    const token = match[0];
    // Cut by code point, not UTF-16 unit, so a cut never leaves half a surrogate pair.
    tokens.push(token.length > MAX_TOKEN_LENGTH ? Array.from(token).slice(0, MAX_TOKEN_LENGTH).join("") : token);
  }
  return tokens;
}

/** Text as the index should store it: its tokens joined by spaces. */
export function indexText(text: string): string {
  return tokenise(text).join(" ");
}
