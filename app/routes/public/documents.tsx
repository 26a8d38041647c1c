import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { FileText } from "lucide";
import { app } from "~/.server/context";
import { loadLibrary } from "~/.server/documents/list-loader";
import { CategoryFilter } from "~/components/documents/category-filter";
import { DocumentCard } from "~/components/documents/document-card";
import { ListControls } from "~/components/documents/list-controls";
import { ListSearchForm } from "~/components/documents/list-search-form";
import { ListTexts, listState } from "~/components/documents/list-state";
import { ListItems, ListPaging } from "~/components/documents/load-more";
import { LineIcon } from "~/components/ui/line-icon";
import { isFiltered } from "~/lib/document-query";
import { feedHref, feedMeta } from "~/lib/feeds";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/documents";

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const i18n = pageI18n();
  return [
    { title: siteTitle(matches, i18n._(msg`Document Library`)) },
    {
      name: "description",
      content: i18n._(msg`Reports, guidelines, policies, training material and templates of the CCCM cluster in Somalia.`),
    },
    // The feeds of the list as it is shown (decision 0034).
    ...feedMeta(data?.feeds),
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  return loadLibrary(app(), request);
}

/**
 * The whole library: the reports lists' page (components/documents/list-page.tsx) with the
 * category buttons and the library's cards; its changing parts are `data-list-region`s that the
 * list's script replaces in place (app/enhance/list-view.ts).
 */
export default function DocumentLibrary({ loaderData: data }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const total = data.page.total;
  const list = listState("/documents", data.query);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8" data-list="/documents">
      <ListTexts error={t`Failed to load documents`} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>Document Library</Trans>
        </h1>
        <span data-list-region="total" className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-medium text-brand-800">
          {total}
          <span className="sr-only">
            {" "}
            <Trans>documents</Trans>
          </span>
        </span>
      </div>

      <ListSearchForm
        list={list}
        id="library-search"
        label={t`Search documents`}
        placeholder={t`Search documents...`}
        feed={feedHref("atom", data.query, null, i18n.locale)}
      />
      <div data-list-region="results">
        <CategoryFilter list={list} counts={data.facets?.category ?? []} />
        <ListControls list={list} facets={data.facets} total={total} status={null} />

        {data.page.items.length === 0 ? (
          <div className="mt-12 flex flex-col items-center text-center text-slate-600">
            <LineIcon name="file-text" icon={FileText} className="h-12 w-12 text-slate-400" />
            <h2 className="mt-4 text-lg font-semibold text-slate-800">
              <Trans>No documents found</Trans>
            </h2>
            <p className="mt-1">
              {isFiltered(data.query)
                ? t`No documents match your search criteria. Try adjusting your filters.`
                : t`Documents will appear here once they are published by administrators.`}
            </p>
          </div>
        ) : (
          <>
            <h2 className="sr-only">
              <Trans>Documents</Trans>
            </h2>
            <ListItems
              id="library-items"
              page={data.page}
              className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
              render={(doc) => <DocumentCard doc={doc} />}
            />
            <ListPaging list={list} page={data.page} label={t`Pages of documents`} />
          </>
        )}
      </div>
    </div>
  );
}
