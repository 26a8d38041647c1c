import {
  applyDashboardQuery,
  type DashboardListItem,
  type DashboardQuery,
  dashboardCategory,
  distinctProviders,
  httpsOrigin,
  httpsUrl,
} from "~/lib/dashboards";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import { thumbnailOf } from "./dashboard-thumbnails";
import { type DashboardRow, selectPublicDashboardById, selectPublicDashboards, selectPublicEmbedUrls } from "./dashboards.queries";

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

// Frame origins for the Content-Security-Policy ------------------------------------------------

/** The header is built on every request; the origins change only when an editor edits a dashboard. */
export const FRAME_ORIGINS_TTL_MS = 30_000;
const FRAME_ORIGINS_RETRY_MS = 5_000;

interface OriginsCache {
  origins: string[];
  expiresAt: number;
  pending: Promise<string[]> | null;
}

const originsCache = new WeakMap<AppContext, OriginsCache>();
const invalidationHooked = new WeakSet<AppContext>();

/**
 * The distinct https origins of public dashboards' embed URLs, for `frame-src`. Cached per
 * context for FRAME_ORIGINS_TTL_MS, and dropped early when a dashboard event passes on the bus.
 * Never rejects: on a database error the last known origins are kept (for a few seconds, then
 * it tries again) and the error logged.
 */
export function frameOrigins(ctx: AppContext): Promise<string[]> {
  hookInvalidation(ctx);
  const cached = originsCache.get(ctx);
  const now = ctx.now().getTime();
  if (cached && cached.expiresAt > now) return Promise.resolve(cached.origins);
  if (cached?.pending) return cached.pending;
  const entry: OriginsCache = cached ?? { origins: [], expiresAt: 0, pending: null };
  entry.pending = loadFrameOrigins(ctx)
    .then((origins) => {
      entry.origins = origins;
      entry.expiresAt = ctx.now().getTime() + FRAME_ORIGINS_TTL_MS;
      return origins;
    })
    .catch((error: unknown) => {
      ctx.log.warn({ err: error }, "could not read dashboard frame origins");
      // Every request builds the header: while the database fails, do not make each one wait on it.
      entry.expiresAt = ctx.now().getTime() + FRAME_ORIGINS_RETRY_MS;
      return entry.origins;
    })
    .finally(() => {
      entry.pending = null;
    });
  originsCache.set(ctx, entry);
  return entry.pending;
}

/** Forgets the cached origins, so the next header reads them again (after a dashboard changes). */
export function forgetFrameOrigins(ctx: AppContext): void {
  originsCache.delete(ctx);
}

async function loadFrameOrigins(ctx: AppContext): Promise<string[]> {
  const urls = await selectPublicEmbedUrls(ctx.db.kysely);
  const origins = new Set(urls.flatMap((u) => httpsOrigin(u) ?? []));
  return [...origins].sort();
}

function hookInvalidation(ctx: AppContext): void {
  if (invalidationHooked.has(ctx)) return;
  invalidationHooked.add(ctx);
  ctx.events.subscribe((event) => {
    if (event.type.startsWith("dashboard")) forgetFrameOrigins(ctx);
  });
}
