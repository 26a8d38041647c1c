import { Trans, useLingui } from "@lingui/react/macro";
import { FileText } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import type { ListData } from "~/lib/document-query";
import { feedHref } from "~/lib/feeds";
import type { ListPageConfig } from "~/lib/list-pages";
import { ListCard, type ListCardItem } from "./list-card";
import { ListControls } from "./list-controls";
import { ListSearchForm } from "./list-search-form";
import { listState } from "./list-state";
import { ListPaging, useLoadedPages } from "./load-more";
import { type ListLoadFailed, useListRefresh } from "./use-list-refresh";

export type ListPageData = ListData<ListCardItem>;

/**
 * Reports, guidelines and standards: one server-rendered page with a GET search form, facets,
 * sort and paging as links and GET forms (all work without JavaScript, every state has its own
 * address); with JavaScript the server is asked after typing pauses, "Load more" appends the next
 * page, and the list refreshes itself.
 */
export function ListPage({ page, loaderData }: { page: ListPageConfig; loaderData: ListPageData | ListLoadFailed }) {
  const { t, i18n } = useLingui();
  const data = useListRefresh(loaderData, { title: t`Error`, description: t(page.loadError) });
  const list = listState(page.path, data.query);
  const pages = useLoadedPages(data, list);
  const name = page.path.slice(1);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t(page.title)}</h1>
      <ListSearchForm
        list={list}
        id={`${name}-search`}
        label={t(page.searchLabel)}
        placeholder={t(page.placeholder)}
        feed={feedHref("atom", data.query, page.category, i18n.locale)}
      />
      <ListControls list={list} facets={data.facets} total={data.page.total} status={t(page.countLine(data.page.total))} />

      {pages.items.length === 0 ? (
        <div className="mt-10 flex flex-col items-center text-center text-slate-600">
          <LineIcon name="file-text" icon={FileText} className="h-12 w-12 text-slate-400" />
          <p className="mt-4 text-lg font-semibold text-slate-800">{t(page.empty)}</p>
          <p className="mt-1">
            <Trans>Try adjusting your search terms or filters.</Trans>
          </p>
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
          <ListPaging list={list} data={data} pages={pages} label={t(page.pagerLabel)} listId={`${name}-items`} />
        </>
      )}
    </div>
  );
}
