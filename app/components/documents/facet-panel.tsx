import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, ChevronDown, SlidersHorizontal } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { facetKey } from "~/lib/document-facets";
import { isDocumentLanguage } from "~/lib/document-language";
import { documentLanguageName } from "~/lib/document-language-names";
import {
  type DocumentListQuery,
  type FacetCounts,
  type FacetOption,
  type FileType,
  fileTypeName,
  isFileType,
  MULTI_FACETS,
  type MultiFacetParam,
} from "~/lib/document-query";
import { buttonClass, inputClass } from "../ui/styles";
import { HiddenListState, type ListState } from "./list-state";

/**
 * The facets of a list (issue 10): file type, the documents' language, year, tags, partner, location, sector and a date
 * range, each option with the number of documents of the current result that have it (the server
 * leaves out options with none). Options are links, so choosing works without JavaScript and every
 * state has an address; a chosen option is marked current and its link takes it away. The panel is
 * a <details>, closed until opened, so on a phone the results stay near the top. With JavaScript
 * (app/enhance/list-view.ts) the options and the dates change the list in place, and the panel
 * stays open (`data-key`: the same panel, option, in the list's next state).
 */

/** A group of options: what it shows, and the address of the list with an option toggled. */
interface Group {
  id: string;
  label: string;
  options: Array<FacetOption & { selected: boolean; href: string }>;
}

/** A single-valued facet (type, language, year): choosing another replaces, the chosen one's link removes it. */
function singleGroup(
  id: string,
  label: string,
  options: FacetOption[],
  selected: { value: string; label: string } | null,
  href: (value: string | null) => string,
): Group {
  // The chosen value shows even when no document has it any more, so it can be taken away.
  const shown = selected && !options.some((o) => o.value === selected.value) ? [{ ...selected, count: 0 }] : [];
  return {
    id,
    label,
    options: [...shown, ...options].map((o) => {
      const on = o.value === selected?.value;
      return { ...o, selected: on, href: href(on ? null : o.value) };
    }),
  };
}

/** The multi-valued facets' group names. */
const GROUP_LABELS: Record<MultiFacetParam, MessageDescriptor> = {
  tag: msg`Tags`,
  partner: msg`Partners`,
  location: msg`Locations`,
  sector: msg`Sectors`,
};

function groupsOf(list: ListState, facets: FacetCounts, i18n: I18n): Group[] {
  const { query, href } = list;
  // The server names the types in English; the page names them in the reader's language.
  const types = facets.type.map((o) => (isFileType(o.value) ? { ...o, label: fileTypeName(o.value, i18n) } : o));
  const groups: Group[] = [
    singleGroup(
      "facet-type",
      i18n._(msg`File type`),
      types,
      query.type && { value: query.type, label: fileTypeName(query.type, i18n) },
      (type) => href({ type: type as FileType | null }),
    ),
    // Named here in the reader's language; the server sends the codes (en, so, other).
    singleGroup(
      "facet-language",
      i18n._(msg`Language`),
      facets.language.flatMap((o) => (isDocumentLanguage(o.value) ? [{ ...o, label: documentLanguageName(o.value, i18n) }] : [])),
      query.language && { value: query.language, label: documentLanguageName(query.language, i18n) },
      (language) => href({ language: isDocumentLanguage(language) ? language : null }),
    ),
    singleGroup(
      "facet-year",
      i18n._(msg`Year`),
      facets.year,
      query.year === null ? null : { value: String(query.year), label: String(query.year) },
      (year) => href({ year: year === null ? null : Number(year) }),
    ),
  ];
  for (const { param, field } of MULTI_FACETS) {
    const chosen = query[field];
    const chosenKeys = new Set(chosen.map(facetKey));
    // A chosen value the counts do not list (beyond the most used) still shows, so it can be taken away.
    const listed = new Set(facets[field].map((o) => facetKey(o.value)));
    const missing = chosen.filter((v) => !listed.has(facetKey(v))).map((value) => ({ value, label: value, count: 0 }));
    const toggled = (value: string): DocumentListQuery[typeof field] =>
      chosenKeys.has(facetKey(value)) ? chosen.filter((v) => facetKey(v) !== facetKey(value)) : [...chosen, value];
    groups.push({
      id: `facet-${param}`,
      label: i18n._(GROUP_LABELS[param]),
      options: [...missing, ...facets[field]].map((o) => ({
        ...o,
        selected: chosenKeys.has(facetKey(o.value)),
        href: href({ [field]: toggled(o.value) }),
      })),
    });
  }
  return groups.filter((g) => g.options.length > 0);
}

/** How many of the panel's own filters are in force (the summary says so while it is closed). */
export function panelFilterCount(query: DocumentListQuery): number {
  return (
    (query.type ? 1 : 0) +
    (query.language ? 1 : 0) +
    (query.year !== null ? 1 : 0) +
    (query.from ? 1 : 0) +
    (query.to ? 1 : 0) +
    MULTI_FACETS.reduce((n, { field }) => n + query[field].length, 0)
  );
}

export function FacetPanel({ list, facets, total }: { list: ListState; facets: FacetCounts | null; total: number }) {
  const { i18n } = useLingui();
  const active = panelFilterCount(list.query);
  if (!facets || (total === 0 && active === 0)) return null;
  const groups = groupsOf(list, facets, i18n);
  return (
    <details data-key="facets" className="group mt-4 rounded-lg border border-slate-200 bg-white">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <LineIcon name="sliders-horizontal" icon={SlidersHorizontal} className="h-4 w-4 text-slate-600" />
        <Trans>Filters</Trans>
        {active > 0 ? (
          <>
            {" "}
            <span className="rounded-full bg-brand-600 px-2 text-xs text-white">
              {active}
              <span className="sr-only">
                {" "}
                <Trans>active</Trans>
              </span>
            </span>
          </>
        ) : null}
        <LineIcon name="chevron-down" icon={ChevronDown} className="ml-auto h-4 w-4 text-slate-600 group-open:rotate-180" />
      </summary>
      {/* Columns, not a grid: a long group (tags) does not leave holes beside the short ones. */}
      <div data-list-links className="gap-6 border-t border-slate-200 p-4 sm:columns-2 lg:columns-3 [&>*]:mb-4 [&>*]:break-inside-avoid">
        {groups.map((group) => (
          <FacetGroup key={group.id} group={group} />
        ))}
        <DateRange list={list} />
      </div>
    </details>
  );
}

function FacetGroup({ group }: { group: Group }) {
  return (
    <div role="group" aria-labelledby={group.id} className="min-w-0">
      <p id={group.id} className="text-sm font-semibold text-slate-800">
        {group.label}
      </p>
      {/* An option's look is app.css's facet-option; a chosen one (aria-current) is filled. */}
      <ul className="facet-options mt-2 flex flex-wrap gap-1.5">
        {group.options.map((o) => (
          <li key={o.value}>
            <a href={o.href} data-key={`${group.id}:${o.value}`} aria-current={o.selected ? "true" : undefined} className="facet-option">
              {o.selected ? <LineIcon name="check" icon={Check} className="h-3.5 w-3.5 shrink-0" /> : null}
              <span className="facet-label">{o.label}</span>
              {/* A real space: the flex gap shows none, but text without styles (and copied text) needs one. */}
              {o.count > 0 ? (
                <>
                  {" "}
                  <span className="facet-count">{o.count}</span>
                </>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * From and to dates: a GET form that keeps the list's other filters (its button submits it without
 * JavaScript); with JavaScript it goes to the list's own address without empty fields (`data-href`:
 * the list without dates), and each field's bound follows the other.
 */
function DateRange({ list }: { list: ListState }) {
  const { t } = useLingui();
  const { from, to } = list.query;
  return (
    <form method="get" action={list.path} className="min-w-0" data-date-range data-href={list.href({ from: null, to: null })}>
      <HiddenListState list={list} own={["from", "to", "page"]} />
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-800">{t`Date`}</legend>
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <label className="min-w-0 text-sm text-slate-700">
            {t`From`}
            <input type="date" name="from" defaultValue={from ?? ""} max={to ?? undefined} className={`${inputClass} mt-1`} />
          </label>
          <label className="min-w-0 text-sm text-slate-700">
            {t`To`}
            <input type="date" name="to" defaultValue={to ?? ""} min={from ?? undefined} className={`${inputClass} mt-1`} />
          </label>
          <button type="submit" data-key="apply-dates" className={buttonClass.secondary}>
            <Trans>Apply dates</Trans>
          </button>
        </div>
      </fieldset>
    </form>
  );
}
