/** The one category list (ARCHITECTURE.md section 4), stored canonical. */
export const CATEGORIES = ["Report", "Policy", "Guideline", "Training", "Template", "Presentation", "Update", "Other"] as const;
export type Category = (typeof CATEGORIES)[number];

/** The library's filter buttons (public-portal section 2). */
export const LIBRARY_FILTERS = ["All", "Report", "Policy", "Guideline", "Training", "Template", "Presentation", "Other"] as const;

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
