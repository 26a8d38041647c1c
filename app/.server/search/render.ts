import type { SearchQuery, SearchTerm } from "./query";

/**
 * Renders a parsed query for each engine. Tokens hold only letters and digits, but every token
 * is still quoted and escaped here, so a renderer never depends on the parser to stay safe.
 */

function positiveGroups(query: SearchQuery): SearchTerm[][] {
  return query.groups.filter((group) => !group[0]!.excluded);
}

function excludedTerms(query: SearchQuery): SearchTerm[] {
  return query.groups.filter((group) => group[0]!.excluded).map((group) => group[0]!);
}

/**
 * An FTS5 MATCH expression, or null when nothing is to be matched. A term is one quoted string
 * (FTS5 reads several tokens in one string as a phrase), `*` after it for a prefix;
 * alternatives are bracketed; exclusions follow the positive part with NOT, which FTS5
 * requires to have a left operand.
 */
export function renderFts5(query: SearchQuery): string | null {
  const positive = positiveGroups(query);
  if (positive.length === 0) return null;
  const term = (t: SearchTerm) => `"${t.tokens.join(" ").replaceAll('"', '""')}"${t.prefix ? "*" : ""}`;
  const and = positive.map((group) => (group.length > 1 ? `(${group.map(term).join(" OR ")})` : term(group[0]!))).join(" AND ");
  const excluded = excludedTerms(query);
  if (excluded.length === 0) return and;
  // Brackets only around several groups; a single group is one term or already bracketed.
  return `${positive.length > 1 ? `(${and})` : and}${excluded.map((t) => ` NOT ${term(t)}`).join("")}`;
}

/** A tsquery lexeme in quotes: `'` doubled and `\` escaped, as to_tsquery reads them. */
function tsLexeme(token: string): string {
  return `'${token.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
}

/**
 * Text for `to_tsquery('simple', $1)`, or null when nothing is to be matched: `&` between
 * groups, `|` between alternatives, `<->` between the words of a phrase, `!` for an exclusion
 * and `:*` on a prefix token.
 */
export function renderTsquery(query: SearchQuery): string | null {
  if (positiveGroups(query).length === 0) return null;
  const term = (t: SearchTerm) => {
    const lexemes = t.tokens.map((token, i) => tsLexeme(token) + (t.prefix && i === t.tokens.length - 1 ? ":*" : ""));
    const body = lexemes.length > 1 ? `(${lexemes.join(" <-> ")})` : lexemes[0]!;
    return t.excluded ? `!${body}` : body;
  };
  return query.groups.map((group) => (group.length > 1 ? `(${group.map(term).join(" | ")})` : term(group[0]!))).join(" & ");
}
