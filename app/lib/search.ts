/**
 * The spec's search rule (public-portal section 5): a case-insensitive
 * substring match over the title, the description and any tag. The server
 * applies it in SQL over `search_text` (decision 0003); the browser applies
 * this function to the list it already has, so live filtering and a submitted
 * search agree. Both lower-case with JavaScript's full-Unicode `toLowerCase`.
 */
export interface Searchable {
  title: string;
  description?: string | null;
  tags: readonly string[];
}

/** The query as both sides compare it: trimmed and lower-cased; "" matches everything. */
export function normaliseQuery(q: string | null | undefined): string {
  return (q ?? "").trim().toLowerCase();
}

export function matchesSearch(doc: Searchable, q: string | null | undefined): boolean {
  const needle = normaliseQuery(q);
  if (needle === "") return true;
  return [doc.title, doc.description ?? "", ...doc.tags].some((field) => field.toLowerCase().includes(needle));
}
