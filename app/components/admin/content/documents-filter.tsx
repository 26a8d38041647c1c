import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { CATEGORIES } from "~/lib/categories";
import { type DocumentListQuery, effectiveSort, isFiltered, listHref, SORT_NAMES, type Sort, TABLE_PER } from "~/lib/document-query";
import { FilterForm } from "../filtered-log";
import { categoryLabel } from "./messages";

/**
 * The Documents table's filters (issue 10): search words (the ranked search of the public lists),
 * published or draft, category and sort, as a GET form; with the page links, the whole state of
 * the table lives in its address and works without JavaScript.
 */

export const DOCUMENTS_PATH = "/admin/documents";

export const DOCUMENT_STATES = ["published", "draft"] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** `?state=published` or `?state=draft`; anything else is every document. */
export function readDocumentState(params: URLSearchParams): DocumentState | null {
  const state = params.get("state");
  return DOCUMENT_STATES.find((s) => s === state) ?? null;
}

/** The address of the table in a given state; changing anything but the page goes back to page 1. */
export function documentsHref(query: DocumentListQuery, state: DocumentState | null, change: Partial<DocumentListQuery> = {}): string {
  const href = listHref(DOCUMENTS_PATH, query, change, TABLE_PER);
  if (!state) return href;
  const [path, search = ""] = href.split("?");
  const params = new URLSearchParams(search);
  params.set("state", state);
  return `${path}?${params}`;
}

/** Whether the table shows fewer than every document (the heading and the empty state say so). */
export function isNarrowed(query: DocumentListQuery, state: DocumentState | null): boolean {
  return state !== null || isFiltered(query);
}

/** The sorts offered: the default ("" in the form) ranks by relevance with search words, else newest first. */
const SORT_CHOICES: Array<{ value: "" | Sort; label: MessageDescriptor }> = [
  { value: "", label: msg`Best match, else newest` },
  ...(["newest", "oldest", "title", "downloads"] as const).map((value) => ({ value, label: SORT_NAMES[value] })),
];

export function DocumentsFilter({ query, state }: { query: DocumentListQuery; state: DocumentState | null }) {
  const sort = query.sort === effectiveSort(null, query.q) ? "" : query.sort;
  const { i18n, t } = useLingui();
  return (
    <FilterForm
      path={DOCUMENTS_PATH}
      label={t`Filter documents`}
      filters={[
        { kind: "search", id: "documents-q", name: "q", label: t`Search words`, value: query.q },
        {
          kind: "select",
          id: "documents-state",
          name: "state",
          label: t`Filter by status`,
          value: state ?? "",
          options: [
            { value: "", label: t`Published and drafts` },
            { value: "published", label: t`Published` },
            { value: "draft", label: t`Draft` },
          ],
        },
        {
          kind: "select",
          id: "documents-category",
          name: "category",
          label: t`Filter by category`,
          value: query.category ?? "",
          options: [{ value: "", label: t`All categories` }, ...CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c, i18n) }))],
        },
        {
          kind: "select",
          id: "documents-sort",
          name: "sort",
          label: t`Sort by`,
          value: sort,
          options: SORT_CHOICES.map((c) => ({ value: c.value, label: i18n._(c.label) })),
        },
      ]}
      hidden={query.per === TABLE_PER ? {} : { per: String(query.per) }}
      buttonsBelow
    />
  );
}
