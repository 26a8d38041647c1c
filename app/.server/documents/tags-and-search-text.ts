/**
 * The stored, derived text of a document: its tags in their one stored form, and the lower-cased
 * text the substring search runs over (decision 0003).
 */

/** Tags are trimmed, de-duplicated (case-insensitively) and empty ones dropped (admin-and-sharing section 5). */
export function normaliseTags(raw: string | string[] | null | undefined): string[] {
  const parts = (Array.isArray(raw) ? raw : (raw ?? "").split(",")).map((t) => t.trim()).filter(Boolean);
  const seen = new Set<string>();
  return parts.filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The lower-cased text the substring search runs over: title, description and every tag. */
export function searchTextOf(doc: { title: string; description: string | null; tags: string[] }): string {
  return [doc.title, doc.description ?? "", ...doc.tags].join("\n").toLowerCase();
}
