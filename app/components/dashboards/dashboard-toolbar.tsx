import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type IconNode, LayoutGrid, List, RefreshCw } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { type DashboardQuery, type DashboardView, dashboardsHref, filterChips } from "~/lib/dashboards";
import { FilterChips as Chips } from "../ui/filter-chips";
import { buttonClass } from "../ui/styles";

/** The dashboards' filters as removable chips (one chip component for every list). */
export function FilterChips({ query }: { query: DashboardQuery }) {
  const { i18n } = useLingui();
  return <Chips chips={filterChips(query, i18n)} clearHref={dashboardsHref(query, { q: "", provider: "", category: null })} />;
}

const VIEWS: { view: DashboardView; label: MessageDescriptor; icon: { name: string; icon: IconNode } }[] = [
  { view: "grid", label: msg`Grid view`, icon: { name: "layout-grid", icon: LayoutGrid } },
  { view: "list", label: msg`List view`, icon: { name: "list", icon: List } },
];

/**
 * Grid or list, as links that keep every other part of the query (followed in place with
 * JavaScript: app/enhance/dashboard-filters.ts; the ids keep focus on the one chosen).
 */
export function ViewToggle({ query }: { query: DashboardQuery }) {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={t`Layout`} className="inline-flex overflow-hidden rounded-md border border-slate-300 bg-white">
      {VIEWS.map(({ view, label: message, icon }) => {
        const label = t(message);
        const active = query.view === view;
        return (
          <a
            key={view}
            id={`dashboards-view-${view}`}
            href={dashboardsHref(query, { view })}
            aria-label={label}
            aria-current={active ? "true" : undefined}
            title={label}
            className={`inline-flex items-center p-2 ${active ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            <LineIcon {...icon} className="h-4 w-4" />
          </a>
        );
      })}
    </div>
  );
}

/**
 * A link to the same URL: a reload without JavaScript; with it the list is fetched again in place
 * (app/enhance/dashboard-filters.ts), `aria-busy` meanwhile, which turns the icon.
 */
export function RefreshButton({ href }: { href: string }) {
  return (
    <a id="dashboards-refresh" data-dashboards-refresh href={href} className={`group ${buttonClass.secondary}`}>
      <LineIcon
        name="refresh-cw"
        icon={RefreshCw}
        className="h-4 w-4 group-aria-busy:animate-spin group-aria-busy:motion-reduce:animate-none"
      />
      <Trans>Refresh</Trans>
    </a>
  );
}
