import { Trans, useLingui } from "@lingui/react/macro";
import { ChartColumn } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import type { DashboardListItem, DashboardView } from "~/lib/dashboards";
import { formatLongDate } from "~/lib/format";
import { useDataSaver } from "../layout/data-saver";
import { buttonClass } from "../ui/styles";
import { DashboardCategoryBadge, ProviderBadge, PublicDot } from "./dashboard-badges";

/** An external thumbnail's assumed size (16:9); the frame's aspect ratio holds the space either way. */
const EXTERNAL_WIDTH = 640;
const EXTERNAL_HEIGHT = 360;

/**
 * The uploaded thumbnail (served by the app, its real size known), else an external one from old
 * data, else a chart icon on a soft background. The frame's fixed aspect ratio and the image's
 * width and height keep the card from jumping when the image arrives; lazy, so a long list costs
 * only the images scrolled to. In data-saver mode (decision 0030) always the icon: no image is requested.
 */
function Thumbnail({ dashboard, list }: { dashboard: DashboardListItem; list: boolean }) {
  const dataSaver = useDataSaver();
  const { t } = useLingui();
  const title = dashboard.title;
  const frame = `aspect-video w-full overflow-hidden rounded-md ${list ? "sm:w-48 sm:shrink-0" : ""}`;
  const image = dataSaver
    ? null
    : (dashboard.thumbnail ??
      (dashboard.thumbnail_url ? { src: dashboard.thumbnail_url, width: EXTERNAL_WIDTH, height: EXTERNAL_HEIGHT } : null));
  if (!image) {
    return (
      <div className={`${frame} flex items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100`} data-thumbnail="none">
        <LineIcon name="chart-column" icon={ChartColumn} className="h-10 w-10 text-brand-600/40" />
      </div>
    );
  }
  return (
    <div className={`${frame} bg-slate-100`}>
      <img
        src={image.src}
        alt={t`Preview of ${title}`}
        width={image.width}
        height={image.height}
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
  const { i18n, t } = useLingui();
  const list = view === "list";
  const title = dashboard.title;
  return (
    <article
      className={`flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${list ? "flex-col sm:flex-row" : "flex-col"}`}
    >
      <Thumbnail dashboard={dashboard} list={list} />
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
            <time dateTime={dashboard.created_at}>{formatLongDate(dashboard.created_at, i18n)}</time>
          </span>
          {/*
            A page load (never followed in place): the page's Content-Security-Policy lets it
            frame only this dashboard's host, and a policy comes with a page load only.
          */}
          <a href={`/dashboards/${dashboard.id}`} className={buttonClass.primary} aria-label={t`Open ${title}`}>
            <Trans>Open</Trans>
          </a>
        </div>
      </div>
    </article>
  );
}
