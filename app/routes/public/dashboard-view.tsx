import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft } from "lucide";
import { data } from "react-router";
import { app } from "~/.server/context";
import { openPublicDashboard } from "~/.server/dashboards/dashboards.service";
import { allowFrameOf } from "~/.server/http/content-security";
import { isPageVisit } from "~/.server/http/page-visit";
import { requestMeta } from "~/.server/http/request-meta";
import { DashboardCategoryBadge, ProviderBadge, PublicDot } from "~/components/dashboards/dashboard-badges";
import { DashboardEmbed, OpenInNewTab } from "~/components/dashboards/dashboard-embed";
import { Alert } from "~/components/ui/alert";
import { LineIcon } from "~/components/ui/line-icon";
import { ToastOnLoad } from "~/components/ui/toast-on-load";
import { formatLongDate } from "~/lib/format";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/dashboard-view";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const i18n = pageI18n();
  return [
    {
      title: loaderData
        ? siteTitle(matches, loaderData.dashboard.title, i18n._(msg`Interactive Dashboards`))
        : siteTitle(matches, i18n._(msg`Page not found`)),
    },
  ];
};

/**
 * Whether this request is a visitor opening the dashboard, which records a VIEW: a GET that is
 * not a speculative prefetch, not the no-JavaScript "Load dashboard" step of a page just opened,
 * and not the page's own script fetching it again to show what changed (live updates,
 * enhance/page-refresh.ts): browsers mark a page load `Sec-Fetch-Mode: navigate`, a fetch not.
 */
function isOpening(request: Request, url: URL): boolean {
  if (!isPageVisit(request)) return false;
  if (url.searchParams.get("load") === "1") {
    const referer = URL.canParse(request.headers.get("Referer") ?? "") ? new URL(request.headers.get("Referer")!) : null;
    if (referer?.origin === url.origin && referer.pathname === url.pathname) return false;
  }
  return true;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const dashboard = await openPublicDashboard(app(), params.id, { record: isOpening(request, url), meta: requestMeta(request) });
  if (!dashboard) throw data(null, { status: 404 });
  // This page's frame-src lists this dashboard's host, and no other page's does.
  allowFrameOf(context, dashboard.embed_url);
  return { dashboard, load: url.searchParams.get("load") === "1" };
}

export default function DashboardView({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const { dashboard, load } = loaderData;
  const noUrlMessage = { tone: "error", title: t`No URL available`, description: t`This dashboard doesn't have a valid URL` } as const;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <a href="/dashboards" className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <LineIcon name="arrow-left" icon={ArrowLeft} className="h-4 w-4" />
        <Trans>Back to Dashboards</Trans>
      </a>

      <div className="mt-4 flex flex-wrap items-center gap-2">
        <DashboardCategoryBadge category={dashboard.category} />
        <ProviderBadge provider={dashboard.provider} />
      </div>
      <h1 className="mt-3 text-2xl font-bold">{dashboard.title}</h1>
      {dashboard.description ? <p className="mt-2 max-w-3xl text-slate-700">{dashboard.description}</p> : null}
      <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
        <PublicDot />
        <time dateTime={dashboard.created_at}>{formatLongDate(dashboard.created_at, i18n)}</time>
      </p>

      {dashboard.open_url ? (
        <div className="mt-4">
          <OpenInNewTab url={dashboard.open_url} />
        </div>
      ) : null}

      <div className="mt-6">
        {dashboard.embed_url ? (
          <DashboardEmbed key={dashboard.id} id={dashboard.id} title={dashboard.title} embedUrl={dashboard.embed_url} loaded={load} />
        ) : (
          <>
            <Alert tone="error" title={noUrlMessage.title}>
              {noUrlMessage.description}
            </Alert>
            <ToastOnLoad message={noUrlMessage} />
          </>
        )}
      </div>
    </div>
  );
}
