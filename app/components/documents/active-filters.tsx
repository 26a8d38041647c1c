import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { EMPTY_FILTERS, FILE_TYPES, MULTI_FACETS } from "~/lib/document-query";
import { formatLongDate } from "~/lib/format";
import { type Chip, FilterChips } from "../ui/filter-chips";
import type { ListState } from "./list-state";

/** Every filter in force, each with the address of the list without it (the search words first). */
export function listChips(list: ListState, i18n: I18n): Chip[] {
  const { query, href } = list;
  const chips: Chip[] = [];
  if (query.q) chips.push({ key: "q", label: `Search: "${query.q}"`, href: href({ q: "" }) });
  if (query.category) chips.push({ key: "category", label: `Category: ${query.category}`, href: href({ category: null }) });
  if (query.type) chips.push({ key: "type", label: `Type: ${FILE_TYPES[query.type].label}`, href: href({ type: null }) });
  if (query.year !== null) chips.push({ key: "year", label: `Year: ${query.year}`, href: href({ year: null }) });
  for (const { param, field, label } of MULTI_FACETS) {
    for (const value of query[field]) {
      chips.push({
        key: `${param}=${value}`,
        label: `${label}: ${value}`,
        href: href({ [field]: query[field].filter((v) => v !== value) }),
      });
    }
  }
  if (query.from) chips.push({ key: "from", label: `From: ${formatLongDate(query.from, i18n)}`, href: href({ from: null }) });
  if (query.to) chips.push({ key: "to", label: `To: ${formatLongDate(query.to, i18n)}`, href: href({ to: null }) });
  return chips;
}

/** The list's filters as removable chips, and "Clear all filters" (which keeps the sort). */
export function ActiveFilters({ list }: { list: ListState }) {
  const { i18n } = useLingui();
  return (
    <div className="mt-3 empty:hidden">
      <FilterChips chips={listChips(list, i18n)} clearHref={list.href(EMPTY_FILTERS)} />
    </div>
  );
}
