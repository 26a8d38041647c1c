import { type AnalyticsPeriod, periodDays } from "~/lib/analytics";
import { CATEGORIES } from "~/lib/categories";
import type { AppContext } from "../context";
import {
  selectCountsByCategory,
  selectDailyCounts,
  selectDashboardsByIds,
  selectDocumentsByIds,
  selectTopEntities,
} from "./analytics.queries";

/**
 * The admin analytics (ARCHITECTURE.md section 4: what the old app faked becomes real), counted
 * from the activity log: VIEW_DOCUMENT (a document opened), VIEW with entity DASHBOARD (a
 * dashboard opened) and DOCUMENT_DOWNLOADED (a download started).
 */
const DOCUMENT_VIEW = "VIEW_DOCUMENT";
const DASHBOARD_VIEW = "VIEW";
const DOWNLOAD = "DOCUMENT_DOWNLOADED";
export const TOP_LIMIT = 10;

export interface DailyPoint {
  day: string;
  documentViews: number;
  dashboardViews: number;
  downloads: number;
}

export interface TopDocument {
  id: string;
  /** null when the document has been deleted since. */
  title: string | null;
  category: string | null;
  published: boolean;
  /** In the period. */
  count: number;
  allTimeViews: number | null;
  allTimeDownloads: number | null;
}

export interface TopDashboard {
  id: string;
  title: string | null;
  provider: string | null;
  count: number;
}

export interface CategoryCounts {
  category: string;
  views: number;
  downloads: number;
}

export interface AnalyticsReport {
  period: AnalyticsPeriod;
  /** First and last UTC day of the period. */
  from: string;
  to: string;
  days: DailyPoint[];
  totals: { documentViews: number; dashboardViews: number; downloads: number };
  topViewed: TopDocument[];
  topDownloaded: TopDocument[];
  topDashboards: TopDashboard[];
  byCategory: CategoryCounts[];
}

export async function analyticsReport(ctx: AppContext, period: AnalyticsPeriod): Promise<AnalyticsReport> {
  const days = periodDays(ctx.now(), period);
  const since = `${days[0]}T00:00:00.000Z`;
  const db = ctx.db.kysely;
  const [daily, viewed, downloaded, dashboards, categories] = await Promise.all([
    selectDailyCounts(db, [DOCUMENT_VIEW, DASHBOARD_VIEW, DOWNLOAD], since),
    topDocuments(ctx, DOCUMENT_VIEW, since),
    topDocuments(ctx, DOWNLOAD, since),
    topDashboards(ctx, since),
    selectCountsByCategory(db, [DOCUMENT_VIEW, DOWNLOAD], since),
  ]);
  const points = dailyPoints(days, daily);
  return {
    period,
    from: days[0] ?? "",
    to: days[days.length - 1] ?? "",
    days: points,
    totals: {
      documentViews: sum(points, "documentViews"),
      dashboardViews: sum(points, "dashboardViews"),
      downloads: sum(points, "downloads"),
    },
    topViewed: viewed,
    topDownloaded: downloaded,
    topDashboards: dashboards,
    byCategory: categoryCounts(categories),
  };
}

function sum(points: DailyPoint[], key: "documentViews" | "dashboardViews" | "downloads"): number {
  return points.reduce((total, p) => total + p[key], 0);
}

/** Every day of the period, with zero for days without activity (a chart needs no gaps). */
function dailyPoints(days: string[], rows: Array<{ day: string; action: string; n: number }>): DailyPoint[] {
  const byDay = new Map(days.map((d) => [d, { day: d, documentViews: 0, dashboardViews: 0, downloads: 0 }]));
  for (const row of rows) {
    const point = byDay.get(row.day);
    if (!point) continue;
    if (row.action === DOCUMENT_VIEW) point.documentViews += row.n;
    else if (row.action === DASHBOARD_VIEW) point.dashboardViews += row.n;
    else if (row.action === DOWNLOAD) point.downloads += row.n;
  }
  return [...byDay.values()];
}

async function topDocuments(ctx: AppContext, action: string, since: string): Promise<TopDocument[]> {
  const top = await selectTopEntities(ctx.db.kysely, { action, since, limit: TOP_LIMIT });
  const docs = new Map(
    (
      await selectDocumentsByIds(
        ctx.db.kysely,
        top.map((t) => t.id),
      )
    ).map((d) => [d.id, d]),
  );
  return top.map(({ id, n }) => {
    const doc = docs.get(id);
    return {
      id,
      title: doc?.title ?? null,
      category: doc?.category ?? null,
      published: doc?.published === 1,
      count: n,
      allTimeViews: doc ? Number(doc.view_count) : null,
      allTimeDownloads: doc ? Number(doc.download_count) : null,
    };
  });
}

async function topDashboards(ctx: AppContext, since: string): Promise<TopDashboard[]> {
  const top = await selectTopEntities(ctx.db.kysely, { action: DASHBOARD_VIEW, entityType: "DASHBOARD", since, limit: TOP_LIMIT });
  const boards = new Map(
    (
      await selectDashboardsByIds(
        ctx.db.kysely,
        top.map((t) => t.id),
      )
    ).map((d) => [d.id, d]),
  );
  return top.map(({ id, n }) => ({ id, title: boards.get(id)?.title ?? null, provider: boards.get(id)?.provider ?? null, count: n }));
}

/** Views and downloads per category, in the canonical category order; categories without any are left out. */
function categoryCounts(rows: Array<{ category: string; action: string; n: number }>): CategoryCounts[] {
  const byCategory = new Map<string, CategoryCounts>();
  for (const row of rows) {
    const entry = byCategory.get(row.category) ?? { category: row.category, views: 0, downloads: 0 };
    if (row.action === DOCUMENT_VIEW) entry.views += row.n;
    else entry.downloads += row.n;
    byCategory.set(row.category, entry);
  }
  const order = (c: string) => {
    const i = (CATEGORIES as readonly string[]).indexOf(c);
    return i === -1 ? CATEGORIES.length : i;
  };
  return [...byCategory.values()].sort((a, b) => order(a.category) - order(b.category) || a.category.localeCompare(b.category));
}
