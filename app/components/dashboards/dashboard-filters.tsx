import { Trans, useLingui } from "@lingui/react/macro";
import { Search } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { DASHBOARD_CATEGORIES, DASHBOARD_SORTS, type DashboardQuery } from "~/lib/dashboards";
import { buttonClass, inputClass, labelClass } from "../ui/styles";

/**
 * The search box and selects as a plain GET form: without JavaScript "Apply filters" submits it
 * and the server filters. With JavaScript (app/enhance/dashboard-filters.ts) every change is
 * applied as it is made (typing after a short pause), still by the server, so both ways show
 * exactly what the server decided.
 */
export function DashboardFilters({ query, providers }: { query: DashboardQuery; providers: string[] }) {
  const { t, i18n } = useLingui();
  // A provider in the URL that no public dashboard has any more still shows as selected.
  const providerOptions = query.provider && !providers.includes(query.provider) ? [...providers, query.provider] : providers;

  return (
    <form
      data-dashboards-filters
      method="get"
      action="/dashboards"
      role="search"
      aria-label={t`Filter dashboards`}
      className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end"
    >
      {query.view !== "grid" ? <input type="hidden" name="view" value={query.view} /> : null}
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor="dashboard-search" className={labelClass}>
          <Trans>Search dashboards</Trans>
        </label>
        <div className="relative mt-1">
          <LineIcon name="search" icon={Search} className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500" />
          <input
            id="dashboard-search"
            name="q"
            type="search"
            defaultValue={query.q}
            placeholder={t`Search dashboards...`}
            className={`${inputClass} pl-9`}
          />
        </div>
      </div>
      <Select id="dashboard-provider" name="provider" label={t`Provider`} defaultValue={query.provider}>
        <option value="">{t`All providers`}</option>
        {providerOptions.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </Select>
      <Select id="dashboard-category" name="category" label={t`Category`} defaultValue={query.category ?? ""}>
        <option value="">{t`All categories`}</option>
        {DASHBOARD_CATEGORIES.map((c) => (
          <option key={c.value} value={c.value}>
            {i18n._(c.message)}
          </option>
        ))}
      </Select>
      <Select id="dashboard-sort" name="sort" label={t`Sort by`} defaultValue={sortValue(query)}>
        {DASHBOARD_SORTS.map((s) => (
          <option key={s.value} value={s.value === "order" ? "" : s.value}>
            {i18n._(s.label)}
          </option>
        ))}
      </Select>
      <button type="submit" className={`${buttonClass.secondary} sm:col-span-2 lg:col-span-1`}>
        <Trans>Apply filters</Trans>
      </button>
    </form>
  );
}

const sortValue = (query: DashboardQuery) => (query.sort === "order" ? "" : query.sort);

function Select({
  id,
  name,
  label,
  defaultValue,
  children,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={`${inputClass} mt-1`}>
        {children}
      </select>
    </div>
  );
}
