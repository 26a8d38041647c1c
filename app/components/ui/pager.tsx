import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/**
 * Previous / next links of a paged list, and where the reader is ("Page 2 of 40"). Plain links,
 * so paging works without JavaScript and every page has its own address.
 */
export function Pager({
  label,
  page,
  pageCount,
  hrefFor,
}: {
  /** The navigation's accessible name ("Pages of reports"). */
  label: string;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const linkClass =
    "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100";
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} rel="prev" className={linkClass} preventScrollReset={false}>
          <ChevronLeft aria-hidden className="h-4 w-4" />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} rel="next" className={linkClass}>
          Next
          <ChevronRight aria-hidden className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
