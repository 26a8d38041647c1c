import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useNavigate } from "react-router";
import { SORT_NAMES, SORTS, type Sort } from "~/lib/document-query";
import { buttonClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";
import { HiddenListState, type ListState } from "./list-state";

/**
 * The list's order: a GET form whose "Sort" button submits it without JavaScript; with JavaScript
 * the button goes away and choosing an order is enough. Relevance needs words to rank by, so it is
 * offered only with a search (document-query.ts falls back to newest without one).
 */
export function SortControl({ list }: { list: ListState }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { query } = list;
  // The select shows the choice at once; it follows the address when that changes some other way.
  const [chosen, setChosen] = useState<Sort>(query.sort);
  const [seen, setSeen] = useState<Sort>(query.sort);
  if (seen !== query.sort) {
    setSeen(query.sort);
    setChosen(query.sort);
  }
  const sorts = SORTS.filter((s) => s !== "relevance" || query.q !== "");
  const id = `${list.path.slice(1)}-sort`;
  return (
    <form
      method="get"
      action={list.path}
      // The select is as wide as its longest option (longer in Somali): it may shrink on a phone.
      className="flex min-w-0 max-w-full items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(list.href({ sort: chosen }), { preventScrollReset: true });
      }}
    >
      <HiddenListState list={list} own={["sort", "page"]} />
      <label htmlFor={id} className="whitespace-nowrap text-sm text-slate-700">
        <Trans>Sort by</Trans>
      </label>
      <select
        id={id}
        name="sort"
        value={chosen}
        onChange={(event) => {
          const sort = event.target.value as Sort;
          setChosen(sort);
          void navigate(list.href({ sort }), { preventScrollReset: true });
        }}
        className="min-w-0 rounded-md border border-slate-300 bg-white py-1.5 pl-2 pr-8 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_NAMES[sort])}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className={buttonClass.secondary}>
          <Trans>Sort</Trans>
        </button>
      )}
    </form>
  );
}
