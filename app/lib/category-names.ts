import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { LIBRARY_FILTERS } from "./categories";

/**
 * What a category or filter button is called on a page, in the reader's language; the value itself
 * (in addresses, forms and the database) stays the English one of CATEGORIES. Apart from
 * categories.ts, which the file-reading child imports and which must stay free of message macros.
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
