import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { categoryLabel } from "~/lib/category-names";
import { documentLanguageName } from "~/lib/document-language-names";
import { EMPTY_FILTERS, fileTypeName, MULTI_FACETS, type MultiFacetParam } from "~/lib/document-query";
import { formatLongDate } from "~/lib/format";
import { type Chip, FilterChips } from "../ui/filter-chips";
import type { ListState } from "./list-state";

/** A chip of a multi-valued facet: its name and the value, in the reader's language. */
function multiChipLabel(param: MultiFacetParam, value: string, i18n: I18n): string {
  switch (param) {
    case "tag":
      return i18n._(msg`Tag: ${value}`);
    case "partner":
      return i18n._(msg`Partner: ${value}`);
    case "location":
      return i18n._(msg`Location: ${value}`);
    case "sector":
      return i18n._(msg`Sector: ${value}`);
  }
}

/** Every filter in force, each with the address of the list without it (the search words first). */
export function listChips(list: ListState, i18n: I18n): Chip[] {
  const { query, href } = list;
  const chips: Chip[] = [];
  const { q, year } = query;
  if (q) chips.push({ key: "q", label: i18n._(msg`Search: "${q}"`), href: href({ q: "" }) });
  if (query.category) {
    const category = categoryLabel(query.category, i18n);
    chips.push({ key: "category", label: i18n._(msg`Category: ${category}`), href: href({ category: null }) });
  }
  if (query.type) {
    const type = fileTypeName(query.type, i18n);
    chips.push({ key: "type", label: i18n._(msg`Type: ${type}`), href: href({ type: null }) });
  }
  if (query.language) {
    const language = documentLanguageName(query.language, i18n);
    chips.push({ key: "language", label: i18n._(msg`Language: ${language}`), href: href({ language: null }) });
  }
  if (year !== null) chips.push({ key: "year", label: i18n._(msg`Year: ${year}`), href: href({ year: null }) });
  for (const { param, field } of MULTI_FACETS) {
    for (const value of query[field]) {
      chips.push({
        key: `${param}=${value}`,
        label: multiChipLabel(param, value, i18n),
        href: href({ [field]: query[field].filter((v) => v !== value) }),
      });
    }
  }
  if (query.from) {
    const date = formatLongDate(query.from, i18n);
    chips.push({ key: "from", label: i18n._(msg`From: ${date}`), href: href({ from: null }) });
  }
  if (query.to) {
    const date = formatLongDate(query.to, i18n);
    chips.push({ key: "to", label: i18n._(msg`To: ${date}`), href: href({ to: null }) });
  }
  return chips;
}

/**
 * The list's filters as removable chips, and "Clear all filters" (which keeps the sort). Links to
 * the list's other states (`data-list-links`): with JavaScript they change the list in place.
 */
export function ActiveFilters({ list }: { list: ListState }) {
  const { i18n } = useLingui();
  return (
    <div className="mt-3 empty:hidden" data-list-links>
      <FilterChips chips={listChips(list, i18n)} clearHref={list.href(EMPTY_FILTERS)} />
    </div>
  );
}
