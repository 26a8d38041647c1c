import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { analyticsReport } from "~/.server/analytics/analytics.service";
import { ADMIN_ONLY, requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { ActivityChart } from "~/components/admin/system/activity-chart";
import { ByCategory, TopDashboards, TopDocuments } from "~/components/admin/system/analytics-tables";
import { StatCards } from "~/components/admin/system/dashboard-panels";
import { ANALYTICS_PERIODS, parsePeriod } from "~/lib/analytics";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Analytics | Admin Portal`) }];

/** Views and downloads over time, top documents and dashboards, by category (ARCHITECTURE.md section 4). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, ADMIN_ONLY);
  const period = parsePeriod(new URL(request.url).searchParams.get("period"));
  return analyticsReport(app(), period);
}

export default function AdminAnalytics({ loaderData: report }: Route.ComponentProps) {
  const { t } = useLingui();
  const { from, to } = report;
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Analytics</Trans>
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>
          From {from} to {to} (UTC), counted from the activity log.
        </Trans>
      </p>
      <nav aria-label={t`Period`} className="mt-4 flex flex-wrap gap-2">
        {ANALYTICS_PERIODS.map((days) => (
          <a
            key={days}
            href={`/admin/analytics?period=${days}`}
            aria-current={days === report.period ? "page" : undefined}
            className={`rounded-md border px-3 py-1.5 text-sm font-medium ${
              days === report.period
                ? "border-brand-600 bg-brand-50 text-brand-700"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
            }`}
          >
            <Trans>Last {days} days</Trans>
          </a>
        ))}
      </nav>
      <StatCards
        cards={[
          { label: t`Document views`, value: report.totals.documentViews, icon: "documents" },
          { label: t`Dashboard views`, value: report.totals.dashboardViews, icon: "sessions" },
          { label: t`Downloads`, value: report.totals.downloads, icon: "documents" },
        ]}
      />
      <div className="mt-6">
        <ActivityChart points={report.days} />
      </div>
      {/* The top-documents tables have six columns: each gets the whole width; the narrow ones share a row. */}
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <div className="grid min-w-0 gap-6 xl:col-span-2">
          <TopDocuments measure="views" rows={report.topViewed} />
          <TopDocuments measure="downloads" rows={report.topDownloaded} />
        </div>
        <TopDashboards rows={report.topDashboards} />
        <ByCategory rows={report.byCategory} />
      </div>
    </>
  );
}
