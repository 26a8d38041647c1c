import { FileText, Search } from "lucide-react";
import { Form } from "react-router";
import type { Category } from "~/lib/categories";
import { CARD_PER, type ListData, listHref } from "~/lib/document-query";
import { Pager } from "../ui/pager";
import { buttonClass, inputClass } from "../ui/styles";
import { ListCard, type ListCardItem } from "./list-card";
import { type ListLoadFailed, useListRefresh } from "./use-list-refresh";
import { useLiveSearch } from "./use-live-search";

/** What one list page says and lists (public-portal sections 2 and 8; ARCHITECTURE.md section 4). */
export interface ListPageConfig {
  path: string;
  category: Category;
  title: string;
  metaTitle: string;
  metaDescription: string;
  searchLabel: string;
  placeholder: string;
  countLine: (n: number) => string;
  empty: string;
  loadError: string;
}

export const LIST_PAGES = {
  reports: {
    path: "/reports",
    category: "Report",
    title: "Reports",
    metaTitle: "Reports | CCCM Somalia",
    metaDescription: "Published reports of the CCCM cluster in Somalia: site monitoring, evictions, assessments.",
    searchLabel: "Search reports",
    placeholder: "Search reports...",
    countLine: (n) => `${n} report(s) found`,
    empty: "No reports found matching your criteria.",
    loadError: "Failed to load reports. Please try again.",
  },
  guidelines: {
    path: "/guidelines",
    category: "Guideline",
    title: "Guidelines & Procedures",
    metaTitle: "Guidelines & Procedures | CCCM Somalia",
    metaDescription: "Guidance notes and procedures of the CCCM cluster in Somalia for site management partners.",
    searchLabel: "Search guidelines",
    placeholder: "Search guidelines...",
    countLine: (n) => `${n} guideline(s) found`,
    empty: "No guidelines found matching your criteria.",
    loadError: "Failed to load guidelines. Please try again.",
  },
  standards: {
    path: "/standards",
    category: "Policy",
    title: "Standard Documents",
    metaTitle: "Standard Documents | CCCM Somalia",
    metaDescription: "Standards, strategy and terms of reference of the CCCM cluster in Somalia.",
    searchLabel: "Search standard documents",
    placeholder: "Search standard documents...",
    countLine: (n) => `${n} standard document(s) found`,
    empty: "No standard documents found matching your criteria.",
    loadError: "Failed to load standards. Please try again.",
  },
} as const satisfies Record<string, ListPageConfig>;

export type ListPageData = ListData<ListCardItem>;

/**
 * Reports, guidelines and standards: one server-rendered page with a GET
 * search form (works without JavaScript, shareable address); with JavaScript
 * typing filters at once and the list refreshes itself.
 */
export function ListPage({ page, loaderData }: { page: ListPageConfig; loaderData: ListPageData | ListLoadFailed }) {
  const data = useListRefresh(loaderData, { title: "Error", description: page.loadError });
  const { query } = data;
  const hrefFor = (change: Parameters<typeof listHref>[2]) => listHref(page.path, query, change, CARD_PER);
  const search = useLiveSearch(query.q, (q) => hrefFor({ q }));
  const items = data.page.items;
  const inputId = `${page.path.slice(1)}-search`;

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">{page.title}</h1>

      <Form method="get" action={page.path} role="search" className="mt-6 flex gap-2" onSubmit={search.onSubmit}>
        <label htmlFor={inputId} className="sr-only">
          {page.searchLabel}
        </label>
        <div className="relative flex-1">
          <Search aria-hidden className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500" />
          <input
            id={inputId}
            name="q"
            type="search"
            value={search.query}
            onChange={(event) => search.onChange(event.target.value)}
            placeholder={page.placeholder}
            className={`${inputClass} pl-9`}
          />
        </div>
        <button type="submit" className={buttonClass.primary}>
          Search
        </button>
      </Form>

      <p role="status" className="mt-4 text-sm text-slate-600">
        {page.countLine(data.page.total)}
      </p>

      {items.length === 0 ? (
        <div className="mt-10 flex flex-col items-center text-center text-slate-600">
          <FileText aria-hidden className="h-12 w-12 text-slate-400" />
          <p className="mt-4 text-lg font-semibold text-slate-800">{page.empty}</p>
          <p className="mt-1">Try adjusting your search terms or filters.</p>
        </div>
      ) : (
        <>
          <ul className="mt-4 space-y-4">
            {items.map((item) => (
              <li key={item.id}>
                <ListCard item={item} />
              </li>
            ))}
          </ul>
          <Pager
            label={`Pages of ${page.title}`}
            page={data.page.page}
            pageCount={data.page.pageCount}
            hrefFor={(n) => hrefFor({ page: n })}
          />
        </>
      )}
    </div>
  );
}
