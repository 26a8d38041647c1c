import { BarChart3 } from "lucide-react";
import { Link } from "react-router";
import type { DashboardListItem, DashboardView } from "~/lib/dashboards";
import { formatLongDate } from "~/lib/format";
import { buttonClass } from "../ui/styles";
import { DashboardCategoryBadge, ProviderBadge, PublicDot } from "./dashboard-badges";

/** The thumbnail's intrinsic size (16:9), given so the card does not jump when the image arrives. */
const THUMB_WIDTH = 640;
const THUMB_HEIGHT = 360;

function Thumbnail({ url, list }: { url: string | null; list: boolean }) {
  const frame = `aspect-video w-full overflow-hidden rounded-md bg-slate-100 ${list ? "sm:w-48 sm:shrink-0" : ""}`;
  if (!url) {
    return (
      <div className={`${frame} flex items-center justify-center`}>
        <BarChart3 aria-hidden className="h-10 w-10 text-slate-400" />
      </div>
    );
  }
  return (
    <div className={frame}>
      {/* Decorative: the title beside it names the dashboard. */}
      <img
        src={url}
        alt=""
        width={THUMB_WIDTH}
        height={THUMB_HEIGHT}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        className="h-full w-full object-cover"
      />
    </div>
  );
}

/**
 * A dashboard card. "Open" goes to the embed page without prefetching: opening the page records a
 * VIEW, and a hover must not count as one.
 */
export function DashboardCard({ dashboard, view }: { dashboard: DashboardListItem; view: DashboardView }) {
  const list = view === "list";
  return (
    <article
      className={`flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${list ? "flex-col sm:flex-row" : "flex-col"}`}
    >
      <Thumbnail url={dashboard.thumbnail_url} list={list} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <DashboardCategoryBadge category={dashboard.category} />
          <ProviderBadge provider={dashboard.provider} />
        </div>
        <h2 className="text-base font-semibold leading-snug">{dashboard.title}</h2>
        {dashboard.description ? <p className="line-clamp-3 text-sm text-slate-600">{dashboard.description}</p> : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2">
          <span className="flex items-center gap-2 text-xs text-slate-600">
            <PublicDot />
            <time dateTime={dashboard.created_at}>{formatLongDate(dashboard.created_at)}</time>
          </span>
          <Link to={`/dashboards/${dashboard.id}`} className={buttonClass.primary} aria-label={`Open ${dashboard.title}`}>
            Open
          </Link>
        </div>
      </div>
    </article>
  );
}
