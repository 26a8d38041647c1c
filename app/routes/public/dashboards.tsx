import { msg } from "@lingui/core/macro";
import { Plural, Trans } from "@lingui/react/macro";
import { ChartColumn } from "lucide";
import { app } from "~/.server/context";
import { browseDashboards } from "~/.server/dashboards/dashboards.service";
import { DashboardCard } from "~/components/dashboards/dashboard-card";
import { DashboardFilters } from "~/components/dashboards/dashboard-filters";
import { FilterChips, RefreshButton, ViewToggle } from "~/components/dashboards/dashboard-toolbar";
import { LineIcon } from "~/components/ui/line-icon";
import { dashboardsHref, hasActiveFilters, parseDashboardQuery } from "~/lib/dashboards";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/dashboards";

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = pageI18n();
  return [
    { title: siteTitle(matches, i18n._(msg`Interactive Dashboards`)) },
    {
      name: "description",
      content: i18n._(
        msg`Interactive dashboards of the CCCM cluster in Somalia: site monitoring, new arrivals, facility mapping and more.`,
      ),
    },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseDashboardQuery(new URL(request.url).searchParams);
  const { dashboards, providers } = await browseDashboards(app(), query);
  return { query, dashboards, providers };
}

/**
 * The list and its filters are the server's; app/enhance/dashboard-filters.ts applies the filters
 * as they change and replaces `data-dashboards-results` with the fresh page's.
 */
export default function Dashboards({ loaderData }: Route.ComponentProps) {
  const { query, dashboards, providers } = loaderData;
  const count = dashboards.length;
  return (
    <div data-dashboards className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>Interactive Dashboards</Trans>
        </h1>
        <RefreshButton href={dashboardsHref(query)} />
      </div>

      <DashboardFilters query={query} providers={providers} />

      <div data-dashboards-results>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
          <p role="status" data-dashboards-count className="text-sm text-slate-600">
            <Plural value={count} one="# dashboard(s) found" other="# dashboard(s) found" />
          </p>
          <ViewToggle query={query} />
        </div>
        <div className="mt-3">
          <FilterChips query={query} />
        </div>

        {count === 0 ? (
          <div className="mt-12 flex flex-col items-center text-center text-slate-600">
            <LineIcon name="chart-column" icon={ChartColumn} className="h-12 w-12 text-slate-400" />
            <h2 className="mt-4 text-lg font-semibold text-slate-800">
              <Trans>No dashboards found</Trans>
            </h2>
            <p className="mt-1">
              {hasActiveFilters(query) ? (
                <Trans>No dashboards match your current filters. Try adjusting your search criteria.</Trans>
              ) : (
                <Trans>Dashboards will appear here once they are uploaded by administrators.</Trans>
              )}
            </p>
          </div>
        ) : (
          <ul className={`mt-6 grid gap-4 ${query.view === "grid" ? "grid-cols-1 md:grid-cols-2" : "grid-cols-1"}`}>
            {dashboards.map((d) => (
              <li key={d.id}>
                <DashboardCard dashboard={d} view={query.view} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
