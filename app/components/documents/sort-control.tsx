import { Trans, useLingui } from "@lingui/react/macro";
import { SORT_NAMES, SORTS } from "~/lib/document-query";
import { buttonClass } from "../ui/styles";
import { HiddenListState, type ListState } from "./list-state";

/**
 * The list's order: a GET form whose "Sort" button submits it without JavaScript; with JavaScript
 * (app/enhance/list-view.ts) the button goes away and choosing an order is enough: the list goes
 * to the option's address (`data-href`, written here so it is lib/document-query.ts's). Relevance
 * needs words to rank by, so it is offered only with a search (document-query.ts falls back to
 * newest without one).
 */
export function SortControl({ list }: { list: ListState }) {
  const { t } = useLingui();
  const { query } = list;
  const sorts = SORTS.filter((s) => s !== "relevance" || query.q !== "");
  const id = `${list.path.slice(1)}-sort`;
  return (
    <form
      method="get"
      action={list.path}
      data-sort-form
      // The select is as wide as its longest option (longer in Somali): it may shrink on a phone.
      className="flex min-w-0 max-w-full items-center gap-2"
    >
      <HiddenListState list={list} own={["sort", "page"]} />
      <label htmlFor={id} className="whitespace-nowrap text-sm text-slate-700">
        <Trans>Sort by</Trans>
      </label>
      <select
        id={id}
        name="sort"
        defaultValue={query.sort}
        className="min-w-0 rounded-md border border-slate-300 bg-white py-1.5 pl-2 pr-8 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort} data-href={list.href({ sort })}>
            {t(SORT_NAMES[sort])}
          </option>
        ))}
      </select>
      <button type="submit" data-sort-button className={buttonClass.secondary}>
        <Trans>Sort</Trans>
      </button>
    </form>
  );
}
