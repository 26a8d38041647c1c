/**
 * The dashboards page's rules (public-portal sections 2, 3 and 5), pure so the server applies them
 * and tests can state them: categories, search, filters, sort, and the URL the filters live in.
 */
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ThumbnailImage } from "./dashboard-thumbnail";

/**
 * The spec's dashboard categories, in its order. `label` is the English name (the server sorts by
 * it, so the order is the same in every language); `message` is what a page shows, in its language.
 */
export const DASHBOARD_CATEGORIES = [
  { value: "monitoring", label: "Site Monitoring", message: msg`Site Monitoring` },
  { value: "analytics", label: "Analytics", message: msg`Analytics` },
  { value: "reports", label: "Reports", message: msg`Reports` },
  { value: "facility_map", label: "Facility Mapping", message: msg`Facility Mapping` },
  { value: "catchment", label: "Catchment Areas", message: msg`Catchment Areas` },
  { value: "new_arrivals", label: "New Arrivals", message: msg`New Arrivals` },
  { value: "other", label: "Other", message: msg`Other` },
] as const;

export type DashboardCategory = (typeof DASHBOARD_CATEGORIES)[number]["value"];

/** The admin form's dashboard types (admin-and-sharing section 3), including its "catchement" spelling. */
const TYPE_TO_CATEGORY: Record<string, DashboardCategory> = {
  site_monitoring: "monitoring",
  catchement: "catchment",
  facility_map: "facility_map",
  new_arrivals: "new_arrivals",
  other: "other",
};

function knownCategory(value: string | null | undefined): DashboardCategory | null {
  const v = value?.trim().toLowerCase();
  if (!v) return null;
  return DASHBOARD_CATEGORIES.find((c) => c.value === v)?.value ?? TYPE_TO_CATEGORY[v] ?? null;
}

/** The category the filter and badge use: the category, else the type, else "other". */
export function dashboardCategory(d: { category?: string | null; type?: string | null }): DashboardCategory {
  return knownCategory(d.category) ?? knownCategory(d.type) ?? "other";
}

/** The category's English name (sorting); with the page's `i18n`, its name in the page's language. */
export function categoryLabel(value: DashboardCategory, i18n?: I18n): string {
  const category = DASHBOARD_CATEGORIES.find((c) => c.value === value);
  if (!category) return i18n ? i18n._(msg`Other`) : "Other";
  return i18n ? i18n._(category.message) : category.label;
}

/**
 * The URL when it is an absolute https URL, else null. Anything else (javascript:, data:, http:,
 * relative paths) is treated as "no URL": it must never become an iframe src, a link or an image.
 */
export function httpsUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" && url.hostname ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The https origin of a URL, in a form safe to put into a CSP header. URL parsing allows ";"
 * and "," in host names, which would end the directive, so only plain host names pass.
 */
export function httpsOrigin(value: string | null | undefined): string | null {
  const href = httpsUrl(value);
  if (!href) return null;
  const origin = new URL(href).origin;
  return /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(origin) ? origin : null;
}

/** What a dashboard card shows; the server builds it from public rows only. */
export interface DashboardListItem {
  id: string;
  title: string;
  description: string | null;
  provider: string;
  category: DashboardCategory;
  created_at: string;
  display_order: number;
  /** An external image of the old data model: https only, else null (decision 0011). */
  thumbnail_url: string | null;
  /** The uploaded thumbnail, served by the app; shown before thumbnail_url. */
  thumbnail: ThumbnailImage | null;
}

/** The sort options: `value` goes into the URL, `label` is shown (in the page's language). */
export const DASHBOARD_SORTS = [
  { value: "order", label: msg`Display order` },
  { value: "title", label: msg`Title` },
  { value: "date", label: msg`Date` },
  { value: "provider", label: msg`Provider` },
  { value: "category", label: msg`Category` },
] as const;

export type DashboardSort = (typeof DASHBOARD_SORTS)[number]["value"];
export type DashboardView = "grid" | "list";

export interface DashboardQuery {
  q: string;
  provider: string;
  category: DashboardCategory | null;
  sort: DashboardSort;
  view: DashboardView;
}

export const DEFAULT_QUERY: DashboardQuery = { q: "", provider: "", category: null, sort: "order", view: "grid" };

/** Longer searches than this are cut: no dashboard title or description is that long. */
const MAX_SEARCH = 200;

/** Reads ?q=&provider=&category=&sort=&view=; unknown values fall back to the defaults. */
export function parseDashboardQuery(params: URLSearchParams): DashboardQuery {
  const sort = params.get("sort");
  return {
    q: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH),
    provider: (params.get("provider") ?? "").trim().slice(0, MAX_SEARCH),
    category: knownCategory(params.get("category")),
    sort: DASHBOARD_SORTS.find((s) => s.value === sort)?.value ?? "order",
    view: params.get("view") === "list" ? "list" : "grid",
  };
}

export function hasActiveFilters(query: DashboardQuery): boolean {
  return query.q !== "" || query.provider !== "" || query.category !== null;
}

/** The spec's dashboard search: a case-insensitive substring of title, description or provider. */
export function matchesSearch(d: Pick<DashboardListItem, "title" | "description" | "provider">, q: string): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [d.title, d.description ?? "", d.provider].some((field) => field.toLowerCase().includes(needle));
}

export function filterDashboards<T extends DashboardListItem>(list: T[], query: DashboardQuery): T[] {
  const provider = query.provider.toLowerCase();
  return list.filter(
    (d) =>
      matchesSearch(d, query.q) &&
      (provider === "" || d.provider.toLowerCase() === provider) &&
      (query.category === null || d.category === query.category),
  );
}

const byText = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

const COMPARE: Record<DashboardSort, (a: DashboardListItem, b: DashboardListItem) => number> = {
  order: (a, b) => a.display_order - b.display_order,
  title: () => 0,
  // Newest first: the date a visitor sorts by is usually "what is new".
  date: (a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0),
  provider: (a, b) => byText(a.provider, b.provider),
  category: (a, b) => byText(categoryLabel(a.category), categoryLabel(b.category)),
};

/** A sorted copy; ties go by title, then id, so the order is stable across requests. */
export function sortDashboards<T extends DashboardListItem>(list: T[], sort: DashboardSort): T[] {
  const compare = COMPARE[sort];
  return [...list].sort((a, b) => compare(a, b) || byText(a.title, b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export function applyDashboardQuery<T extends DashboardListItem>(list: T[], query: DashboardQuery): T[] {
  return sortDashboards(filterDashboards(list, query), query.sort);
}

/** The providers present, for the provider filter, in alphabetical order. */
export function distinctProviders(list: Pick<DashboardListItem, "provider">[]): string[] {
  return [...new Set(list.map((d) => d.provider))].sort(byText);
}

/** The page's URL for a query: defaults are left out, so links stay short and canonical. */
export function dashboardsHref(query: DashboardQuery, changes: Partial<DashboardQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.provider) params.set("provider", next.provider);
  if (next.category) params.set("category", next.category);
  if (next.sort !== "order") params.set("sort", next.sort);
  if (next.view !== "grid") params.set("view", next.view);
  const search = params.toString();
  return search ? `/dashboards?${search}` : "/dashboards";
}

export interface FilterChip {
  key: "q" | "provider" | "category";
  label: string;
  /** The same page without this filter. */
  href: string;
}

/** The filters in force as chips, labelled in the page's language (`i18n`). */
export function filterChips(query: DashboardQuery, i18n: I18n): FilterChip[] {
  const chips: FilterChip[] = [];
  const { q, provider } = query;
  if (q) chips.push({ key: "q", label: i18n._(msg`Search: "${q}"`), href: dashboardsHref(query, { q: "" }) });
  if (provider) chips.push({ key: "provider", label: i18n._(msg`Provider: ${provider}`), href: dashboardsHref(query, { provider: "" }) });
  if (query.category) {
    const category = categoryLabel(query.category, i18n);
    chips.push({ key: "category", label: i18n._(msg`Category: ${category}`), href: dashboardsHref(query, { category: null }) });
  }
  return chips;
}
