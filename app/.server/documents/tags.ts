/** A document's tags in their one stored form. */

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
