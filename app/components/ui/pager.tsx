import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight } from "lucide";
import { Link } from "react-router";
import { LineIcon } from "./line-icon";

/**
 * Previous / next links of a paged list, and where the reader is ("Page 2 of 40"). Plain links,
 * so paging works without JavaScript and every page has its own address. When "Load more" has
 * added pages after `first`, it says so ("Pages 1–3 of 40") and Previous goes before them. On a
 * page that does not hydrate the list's script does that (`data-pager-prev`, `data-pager-status`:
 * app/enhance/list-view.ts).
 */
export function Pager({
  label,
  page,
  first = page,
  pageCount,
  hrefFor,
}: {
  /** The navigation's accessible name ("Pages of reports"). */
  label: string;
  /** The last page shown. */
  page: number;
  /** The first page shown (the same unless pages were appended). */
  first?: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useLingui();
  if (pageCount <= 1) return null;
  const linkClass =
    "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100";
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {first > 1 ? (
        // Pages of the same list: its route is loaded, nothing for route discovery to fetch.
        <Link to={hrefFor(first - 1)} rel="prev" discover="none" data-pager-prev className={linkClass}>
          <LineIcon name="chevron-left" icon={ChevronLeft} className="h-4 w-4" />
          <Trans>Previous</Trans>
        </Link>
      ) : (
        <span data-pager-prev />
      )}
      <span data-pager-status className="text-sm text-slate-600">
        {first < page ? t`Pages ${first}–${page} of ${pageCount}` : t`Page ${page} of ${pageCount}`}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" discover="none" className={linkClass}>
          <Trans>Next</Trans>
          <LineIcon name="chevron-right" icon={ChevronRight} className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
