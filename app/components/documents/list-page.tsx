import { FileText } from "lucide-react";
import type { Category } from "~/lib/categories";
import type { ListData } from "~/lib/document-query";
import { ListCard, type ListCardItem } from "./list-card";
import { ListControls } from "./list-controls";
import { ListSearchForm } from "./list-search-form";
import { listState } from "./list-state";
import { ListPaging, useLoadedPages } from "./load-more";
import { type ListLoadFailed, useListRefresh } from "./use-list-refresh";

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
 * Reports, guidelines and standards: one server-rendered page with a GET search form, facets,
 * sort and paging as links and GET forms (all work without JavaScript, every state has its own
 * address); with JavaScript the server is asked after typing pauses, "Load more" appends the next
 * page, and the list refreshes itself.
 */
export function ListPage({ page, loaderData }: { page: ListPageConfig; loaderData: ListPageData | ListLoadFailed }) {
  const data = useListRefresh(loaderData, { title: "Error", description: page.loadError });
  const list = listState(page.path, data.query);
  const pages = useLoadedPages(data, list);
  const name = page.path.slice(1);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">{page.title}</h1>
      <ListSearchForm list={list} id={`${name}-search`} label={page.searchLabel} placeholder={page.placeholder} />
      <ListControls list={list} facets={data.facets} total={data.page.total} status={page.countLine(data.page.total)} />

      {pages.items.length === 0 ? (
        <div className="mt-10 flex flex-col items-center text-center text-slate-600">
          <FileText aria-hidden className="h-12 w-12 text-slate-400" />
          <p className="mt-4 text-lg font-semibold text-slate-800">{page.empty}</p>
          <p className="mt-1">Try adjusting your search terms or filters.</p>
        </div>
      ) : (
        <>
          <ul id={`${name}-items`} className="mt-4 space-y-4">
            {pages.items.map((item) => (
              <li key={item.id}>
                <ListCard item={item} />
              </li>
            ))}
          </ul>
          <ListPaging list={list} data={data} pages={pages} label={`Pages of ${page.title}`} listId={`${name}-items`} />
        </>
      )}
    </div>
  );
}
