import {
  applyDashboardQuery,
  type DashboardListItem,
  type DashboardQuery,
  dashboardCategory,
  distinctProviders,
  httpsUrl,
} from "~/lib/dashboards";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import { thumbnailOf } from "./dashboard-thumbnails";
import { type DashboardRow, selectPublicDashboardById, selectPublicDashboards } from "./dashboards.queries";

/**
 * The public side of dashboards. Only rows with is_public = 1 ever leave this module, and only
 * the fields a visitor may see; URLs that are not https are dropped here, so no page can render
 * a javascript:, data: or http: URL as a link, image or frame.
 */

/** The embed page's data: the card's fields plus the two usable URLs. */
export interface PublicDashboard extends DashboardListItem {
  /** The https URL to embed, or null ("No URL available"). */
  embed_url: string | null;
  /** What "Open in new tab" opens: the dashboard's own https page, else its embed URL. */
  open_url: string | null;
}

function toListItem(row: DashboardRow): DashboardListItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    provider: row.provider,
    category: dashboardCategory(row),
    created_at: row.created_at,
    display_order: row.display_order,
    thumbnail_url: httpsUrl(row.thumbnail_url),
    thumbnail: thumbnailOf(row),
  };
}

function toPublicDashboard(row: DashboardRow): PublicDashboard {
  const embed = httpsUrl(row.embed_url);
  return { ...toListItem(row), embed_url: embed, open_url: httpsUrl(row.url) ?? embed };
}

/** Public dashboards ordered by display_order ascending (then title). */
export async function listPublicDashboards(ctx: AppContext): Promise<DashboardListItem[]> {
  return (await selectPublicDashboards(ctx.db.kysely)).map(toListItem);
}

export interface DashboardBrowse {
  dashboards: DashboardListItem[];
  /** Providers of all public dashboards, for the provider filter. */
  providers: string[];
  total: number;
}

/** The dashboards page: every public dashboard, filtered and sorted on the server as the query says. */
export async function browseDashboards(ctx: AppContext, query: DashboardQuery): Promise<DashboardBrowse> {
  const all = await listPublicDashboards(ctx);
  return { dashboards: applyDashboardQuery(all, query), providers: distinctProviders(all), total: all.length };
}

export async function findPublicDashboard(ctx: AppContext, id: string): Promise<PublicDashboard | null> {
  const row = await selectPublicDashboardById(ctx.db.kysely, id);
  return row ? toPublicDashboard(row) : null;
}

/**
 * Records that a visitor opened a dashboard (public-portal section 7). A failed write is logged
 * and swallowed: the visitor still gets the dashboard.
 */
export async function recordDashboardView(
  ctx: AppContext,
  dashboard: Pick<PublicDashboard, "id" | "title" | "provider">,
  meta?: RequestMeta,
): Promise<void> {
  try {
    await logActivity(ctx, {
      action: "VIEW",
      entityType: "DASHBOARD",
      entityId: dashboard.id,
      details: { title: dashboard.title, provider: dashboard.provider, source: "dashboards_page" },
      meta,
    });
  } catch (error) {
    ctx.log.warn({ err: error, dashboardId: dashboard.id }, "could not record the dashboard view");
  }
}

/** The embed page's loader: a public dashboard or null, with its VIEW recorded when `record` is set. */
export async function openPublicDashboard(
  ctx: AppContext,
  id: string,
  options: { record: boolean; meta?: RequestMeta },
): Promise<PublicDashboard | null> {
  const dashboard = await findPublicDashboard(ctx, id);
  if (dashboard && options.record) await recordDashboardView(ctx, dashboard, options.meta);
  return dashboard;
}
