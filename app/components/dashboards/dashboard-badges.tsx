import { useLingui } from "@lingui/react/macro";
import { categoryLabel, type DashboardCategory } from "~/lib/dashboards";

export function DashboardCategoryBadge({ category }: { category: DashboardCategory }) {
  const { i18n } = useLingui();
  return (
    <span className="rounded-full bg-purple-100 px-2 py-0.5 text-xs font-medium text-purple-800">{categoryLabel(category, i18n)}</span>
  );
}

export function ProviderBadge({ provider }: { provider: string }) {
  return <span className="rounded-full border border-slate-300 bg-white px-2 py-0.5 text-xs font-medium text-slate-700">{provider}</span>;
}

/** Only public dashboards reach visitors, so the dot is always green; its label says so to screen readers. */
export function PublicDot() {
  const { t } = useLingui();
  const label = t`Public`;
  return <span role="img" aria-label={label} title={label} className="inline-block h-2.5 w-2.5 shrink-0 rounded-full bg-green-600" />;
}
