import { Trans, useLingui } from "@lingui/react/macro";
import { FileText } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import type { ListData } from "~/lib/document-query";
import { feedHref } from "~/lib/feeds";
import type { ListPageConfig } from "~/lib/list-pages";
import { ListCard, type ListCardItem } from "./list-card";
import { ListControls } from "./list-controls";
import { ListSearchForm } from "./list-search-form";
import { ListTexts, listState } from "./list-state";
import { ListItems, ListPaging } from "./load-more";

export type ListPageData = ListData<ListCardItem>;

/**
 * Reports, guidelines and standards: one server-rendered page with a GET search form, facets,
 * sort and paging as links and GET forms (all work without JavaScript, every state has its own
 * address). The page does not hydrate (decision 0038): with JavaScript (app/enhance/list-view.ts
 * and its parts) the server is asked after typing pauses, "Load more" appends the next page, and
 * the list refreshes itself, each by fetching the list's address and putting its `data-list-region`
 * parts in place of the page's.
 */
export function ListPage({ page, loaderData: data }: { page: ListPageConfig; loaderData: ListPageData }) {
  const { t, i18n } = useLingui();
  const list = listState(page.path, data.query);
  const name = page.path.slice(1);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8" data-list={page.path}>
      <ListTexts error={t(page.loadError)} />
      <h1 className="text-2xl font-bold">{t(page.title)}</h1>
      <ListSearchForm
        list={list}
        id={`${name}-search`}
        label={t(page.searchLabel)}
        placeholder={t(page.placeholder)}
        feed={feedHref("atom", data.query, page.category, i18n.locale)}
      />
      <div data-list-region="results">
        <ListControls list={list} facets={data.facets} total={data.page.total} status={t(page.countLine(data.page.total))} />

        {data.page.items.length === 0 ? (
          <div className="mt-10 flex flex-col items-center text-center text-slate-600">
            <LineIcon name="file-text" icon={FileText} className="h-12 w-12 text-slate-400" />
            <p className="mt-4 text-lg font-semibold text-slate-800">{t(page.empty)}</p>
            <p className="mt-1">
              <Trans>Try adjusting your search terms or filters.</Trans>
            </p>
          </div>
        ) : (
          <>
            <ListItems id={`${name}-items`} page={data.page} className="mt-4 space-y-4" render={(item) => <ListCard item={item} />} />
            <ListPaging list={list} page={data.page} label={t(page.pagerLabel)} />
          </>
        )}
      </div>
    </div>
  );
}
