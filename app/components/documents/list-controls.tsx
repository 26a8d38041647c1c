import type { FacetCounts } from "~/lib/document-query";
import { ActiveFilters } from "./active-filters";
import { FacetPanel } from "./facet-panel";
import type { ListState } from "./list-state";
import { SortControl } from "./sort-control";

/**
 * What sits between a list's search box and its items: the facet panel, the filters in force as
 * chips, and a status line beside the sort. The status line is `status` (the list's count line);
 * while the list's next state loads in place (a filter, the sort, a search, "Load more") the
 * list's script says "Loading documents..." there (`data-list-status`, app/enhance/list-view.ts).
 */
export function ListControls({
  list,
  facets,
  total,
  status,
}: {
  list: ListState;
  facets: FacetCounts | null;
  total: number;
  status: string | null;
}) {
  return (
    <>
      <FacetPanel list={list} facets={facets} total={total} />
      <ActiveFilters list={list} />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p role="status" data-list-status className="text-sm text-slate-600">
          {status}
        </p>
        {total > 0 ? <SortControl list={list} /> : null}
      </div>
    </>
  );
}
