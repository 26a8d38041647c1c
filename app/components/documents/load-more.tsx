import { Trans } from "@lingui/react/macro";
import { LoaderCircle } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import type { ResultPage } from "~/lib/document-query";
import { Pager } from "../ui/pager";
import { buttonClass } from "../ui/styles";
import type { ListState } from "./list-state";

/**
 * Paging a public list. Without JavaScript: Previous / Next links, each page its own address.
 * With JavaScript (app/enhance/list-view.ts, decision 0038), "Load more" also goes to the next
 * page's address (`data-href`), replacing the current history entry, and appends that page's items
 * below those already shown. So the address always names the last page shown (a shared link or a
 * reload opens that page), and the 60 s refresh and live updates work on the address as they do
 * for any page.
 *
 * A refresh reloads only the page the address names, the last one: its items are replaced in
 * place and the pages above it stay as they were loaded (re-reading every appended page each
 * minute would cost a slow connection far more than it tells the reader). Any other change of
 * address (a filter, the sort, a Previous/Next link, a new search) starts again from that page.
 *
 * Back from a document opened from the list shows every page that was shown, at the same place:
 * the pages above the last are kept for that history entry in the tab's session storage (the
 * server, as on any page load, sends the last one fresh), so the list is as long as before when
 * the scroll position is restored. A reload or a shared link opens the page the address names.
 *
 * The server renders one page; each item's `<li>` says which (`data-page`) and what
 * (`data-id`: an item moved between pages shows where it was first seen).
 */
export function ListItems<T extends { id: string }>({
  id,
  page,
  className,
  render,
}: {
  /** The id of the <ul>: the first appended item takes the focus from "Load more". */
  id: string;
  page: ResultPage<T>;
  className: string;
  render: (item: T) => React.ReactNode;
}) {
  return (
    <ul id={id} data-list-items className={className}>
      {page.items.map((item) => (
        <li key={item.id} data-id={item.id} data-page={page.page}>
          {render(item)}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Load more" (shown by the list's script: it needs JavaScript) and the Previous / Next links,
 * below a list's items.
 */
export function ListPaging({
  list,
  page,
  label,
}: {
  list: ListState;
  page: ResultPage<unknown>;
  /** The pager's accessible name ("Pages of reports"). */
  label: string;
}) {
  const more = page.page < page.pageCount;
  const shown = page.items.length;
  const total = page.total;
  return (
    <>
      {page.pageCount > 1 ? (
        <div hidden data-load-more data-page-count={page.pageCount}>
          <div className="mt-6 flex flex-col items-center gap-2">
            {more ? (
              // Not `disabled` while the next page loads (aria-disabled): that would drop the keyboard focus.
              <button type="button" data-href={list.href({ page: page.page + 1 })} className={buttonClass.secondary}>
                <span hidden data-busy className="contents">
                  <LineIcon name="loader-circle" icon={LoaderCircle} className="h-4 w-4 animate-spin motion-reduce:animate-none" />
                </span>
                <Trans>Load more</Trans>
              </button>
            ) : null}
            <p aria-live="polite" data-showing data-total={total} className="text-sm text-slate-600">
              <Trans>
                Showing {shown} of {total}
              </Trans>
            </p>
          </div>
        </div>
      ) : null}
      <Pager label={label} page={page.page} pageCount={page.pageCount} hrefFor={(n) => list.href({ page: n })} />
    </>
  );
}
