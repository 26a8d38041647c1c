import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** The one category list (ARCHITECTURE.md section 4), stored canonical. */
export const CATEGORIES = ["Report", "Policy", "Guideline", "Training", "Template", "Presentation", "Update", "Other"] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * The library's filter buttons: the spec's list (public-portal section 2) omits Update, yet the
 * home and reports side publishes Update documents (section 3), so every category of the one
 * list is offered; otherwise those documents would be under no filter.
 */
export const LIBRARY_FILTERS = ["All", ...CATEGORIES] as const;

/**
 * What a category or filter button is called on a page, in the reader's language; the value itself
 * (in addresses, forms and the database) stays the English one of CATEGORIES.
 */
const FILTER_LABELS: Record<(typeof LIBRARY_FILTERS)[number], MessageDescriptor> = {
  All: msg`All`,
  Report: msg`Report`,
  Policy: msg`Policy`,
  Guideline: msg`Guideline`,
  Training: msg`Training`,
  Template: msg`Template`,
  Presentation: msg`Presentation`,
  Update: msg`Update`,
  Other: msg`Other`,
};

/** A category's (or "All"'s) label in the reader's language; a value outside the list is shown as it is. */
export function categoryLabel(value: string, i18n: I18n): string {
  return Object.hasOwn(FILTER_LABELS, value) ? i18n._(FILTER_LABELS[value as keyof typeof FILTER_LABELS]) : value;
}

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
