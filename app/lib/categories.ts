/*
 * No message macro here: the file-reading child imports this module (through document-form and
 * folders) and is compiled without the message step. The names pages show are in category-names.ts.
 */

/** The one category list (ARCHITECTURE.md section 4), stored canonical. */
export const CATEGORIES = ["Report", "Policy", "Guideline", "Training", "Template", "Presentation", "Update", "Other"] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * The library's filter buttons: the spec's list (public-portal section 2) omits Update, yet the
 * home and reports side publishes Update documents (section 3), so every category of the one
 * list is offered; otherwise those documents would be under no filter.
 */
export const LIBRARY_FILTERS = ["All", ...CATEGORIES] as const;

/** Categories offered by the admin upload form (admin-and-sharing section 3). */
export const UPLOAD_CATEGORIES: Category[] = ["Report", "Policy", "Guideline", "Training", "Template", "Presentation", "Other"];

const ALIASES: Record<string, Category> = {
  guidelines: "Guideline",
  standards: "Policy",
  standard: "Policy",
};

/** Maps any of the spec's spellings ("GUIDELINE", "Guidelines", "Standards") onto the canonical list. */
export function canonicalCategory(value: string | null | undefined): Category | null {
  if (!value) return null;
  const lower = value.trim().toLowerCase();
  const alias = ALIASES[lower];
  if (alias) return alias;
  return CATEGORIES.find((c) => c.toLowerCase() === lower) ?? null;
}
