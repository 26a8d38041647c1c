import { randomUUID } from "node:crypto";
import { msg } from "@lingui/core/macro";
import { type DashboardFormFields, type DashboardInput, validateDashboard } from "~/lib/dashboard-form";
import type { ThumbnailImage } from "~/lib/dashboard-thumbnail";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import { serverI18n } from "../i18n/i18n";
import { iso } from "../time";
import { forgetPendingFiles } from "../uploads/pending-files";
import {
  discardThumbnail,
  KEEP_THUMBNAIL,
  NO_THUMBNAIL,
  storeThumbnail,
  type ThumbnailChange,
  type ThumbnailColumns,
  thumbnailOf,
} from "./dashboard-thumbnails";
import {
  type DashboardRow,
  deleteDashboardRow,
  insertDashboard,
  selectAllDashboards,
  selectDashboardById,
  selectDashboardForUpdate,
  updateDashboardRow,
} from "./dashboards.queries";

/**
 * Dashboards management (admin-and-sharing sections 2, 5 and 9): create, edit, reorder, delete.
 * Every change sends dashboard.changed, which public pages reload on. A dashboard's page reads its
 * host for frame-src on every request (app/.server/http/content-security.ts): nothing to refresh.
 */

export interface AdminDashboard {
  id: string;
  title: string;
  description: string | null;
  type: string;
  provider: string;
  url: string | null;
  embed_url: string | null;
  is_public: boolean;
  display_order: number;
  created_at: string;
  updated_at: string;
  thumbnail: ThumbnailImage | null;
}

function toAdminDashboard(row: DashboardRow): AdminDashboard {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type,
    provider: row.provider,
    url: row.url,
    embed_url: row.embed_url,
    is_public: row.is_public === 1,
    display_order: Number(row.display_order),
    created_at: row.created_at,
    updated_at: row.updated_at,
    thumbnail: thumbnailOf(row),
  };
}

export async function listAllDashboards(ctx: AppContext): Promise<AdminDashboard[]> {
  return (await selectAllDashboards(ctx.db.kysely)).map(toAdminDashboard);
}

export async function findDashboard(ctx: AppContext, id: string): Promise<AdminDashboard | null> {
  const row = await selectDashboardById(ctx.db.kysely, id);
  return row ? toAdminDashboard(row) : null;
}

export type DashboardOutcome =
  | { ok: true; dashboard: AdminDashboard }
  | { ok: false; status: 400 | 404; message: string; field: string | null };

/** A change to a public (or formerly public) dashboard is news for visitors; a private one only for staff. */
function announce(ctx: AppContext, id: string, visibleToPublic: boolean): void {
  ctx.events.publish({ type: "dashboard.changed", audience: visibleToPublic ? "public" : "staff", data: { id } });
}

function columnsOf(input: DashboardInput) {
  return {
    title: input.title,
    description: input.description,
    type: input.type,
    provider: input.provider,
    url: input.url,
    embed_url: input.embed_url,
    is_public: input.is_public ? 1 : 0,
    display_order: input.display_order,
  };
}

/**
 * Converts and stores an uploaded thumbnail, once the form itself has passed: a refused image is
 * the form's error and stores nothing. Null when the change is not an upload.
 */
async function uploadedThumbnail(ctx: AppContext, change: ThumbnailChange): Promise<ThumbnailColumns | DashboardOutcome | null> {
  if (change.kind !== "upload") return null;
  const stored = await storeThumbnail(ctx, change.bytes);
  return stored.ok ? stored.columns : { ok: false, status: 400, message: stored.message, field: "thumbnail" };
}

const isOutcome = (value: ThumbnailColumns | DashboardOutcome | null): value is DashboardOutcome => !!value && "ok" in value;

export async function createDashboard(
  ctx: AppContext,
  fields: DashboardFormFields,
  actor: { id: string },
  thumbnail: ThumbnailChange = KEEP_THUMBNAIL,
  meta?: RequestMeta,
): Promise<DashboardOutcome> {
  const checked = validateDashboard(fields);
  if (!checked.ok) return { ok: false, status: 400, message: checked.message, field: checked.field };
  const uploaded = await uploadedThumbnail(ctx, thumbnail);
  if (isOutcome(uploaded)) return uploaded;
  const now = iso(ctx.now());
  const row: DashboardRow = {
    id: randomUUID(),
    ...columnsOf(checked.value),
    // The public badge follows the type until someone sets a category of its own.
    category: null,
    thumbnail_url: null,
    ...(uploaded ?? NO_THUMBNAIL),
    file_path: null,
    org_id: null,
    created_by: actor.id,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.kysely.transaction().execute(async (trx) => {
      await insertDashboard(trx, row);
      if (row.thumbnail_key) await forgetPendingFiles(trx, [row.thumbnail_key]);
      const details = { title: row.title, provider: row.provider, public: row.is_public === 1 };
      await logActivity(
        ctx,
        { action: "DASHBOARD_CREATED", entityType: "DASHBOARD", entityId: row.id, userId: actor.id, details, meta },
        trx,
      );
    });
  } catch (error) {
    await discardThumbnail(ctx, row.thumbnail_key);
    throw error;
  }
  announce(ctx, row.id, row.is_public === 1);
  return { ok: true, dashboard: toAdminDashboard(row) };
}

export async function updateDashboard(
  ctx: AppContext,
  id: string,
  fields: DashboardFormFields,
  thumbnail: ThumbnailChange = KEEP_THUMBNAIL,
  actor: { id: string } | null = null,
  meta?: RequestMeta,
): Promise<DashboardOutcome> {
  const checked = validateDashboard(fields);
  if (!checked.ok) return { ok: false, status: 400, message: checked.message, field: checked.field };
  const notFound: DashboardOutcome = {
    ok: false,
    status: 404,
    message: serverI18n()._(
      msg({
        message: "Update Failed: Dashboard not found",
        comment: "A toast: the words before the first ': ' are its title, the rest its text.",
      }),
    ),
    field: null,
  };
  if (!(await selectDashboardById(ctx.db.kysely, id))) return notFound;
  const uploaded = await uploadedThumbnail(ctx, thumbnail);
  if (isOutcome(uploaded)) return uploaded;
  const newThumbnail = uploaded ?? (thumbnail.kind === "remove" ? NO_THUMBNAIL : null);
  let written: { before: DashboardRow; after: DashboardRow } | null;
  try {
    // The row is read again under a lock, so two editors replacing the thumbnail at once each
    // remove the file their own write replaced, and no file is left that no row names.
    written = await ctx.db.kysely.transaction().execute(async (trx) => {
      const before = await selectDashboardForUpdate(trx, id, ctx.db.engine);
      if (!before) return null;
      const changes = {
        ...columnsOf(checked.value),
        // A new type replaces a category that came with the old one.
        category: checked.value.type === before.type ? before.category : null,
        ...(newThumbnail ?? {}),
        updated_at: iso(ctx.now()),
      };
      await updateDashboardRow(trx, id, changes);
      if (uploaded?.thumbnail_key) await forgetPendingFiles(trx, [uploaded.thumbnail_key]);
      const changed = Object.entries(changes)
        .filter(([field, value]) => field !== "updated_at" && before[field as keyof DashboardRow] !== value)
        .map(([field]) => field);
      const details = { title: changes.title ?? before.title, changed };
      await logActivity(
        ctx,
        { action: "DASHBOARD_UPDATED", entityType: "DASHBOARD", entityId: id, userId: actor?.id ?? null, details, meta },
        trx,
      );
      return { before, after: { ...before, ...changes } };
    });
  } catch (error) {
    await discardThumbnail(ctx, uploaded?.thumbnail_key ?? null);
    throw error;
  }
  if (!written) {
    await discardThumbnail(ctx, uploaded?.thumbnail_key ?? null);
    return notFound;
  }
  if (newThumbnail) await discardThumbnail(ctx, written.before.thumbnail_key);
  announce(ctx, id, written.before.is_public === 1 || written.after.is_public === 1);
  return { ok: true, dashboard: toAdminDashboard(written.after) };
}

/** Returns the deleted dashboard's title, or null if there was none. The audit trail records who deleted it. */
export async function deleteDashboard(
  ctx: AppContext,
  id: string,
  actor: { id: string } | null = null,
  meta?: RequestMeta,
): Promise<{ title: string } | null> {
  const before = await selectDashboardById(ctx.db.kysely, id);
  if (!before) return null;
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await deleteDashboardRow(trx, id);
    const details = { title: before.title, public: before.is_public === 1 };
    await logActivity(
      ctx,
      { action: "DASHBOARD_DELETED", entityType: "DASHBOARD", entityId: id, userId: actor?.id ?? null, details, meta },
      trx,
    );
  });
  await discardThumbnail(ctx, before.thumbnail_key);
  announce(ctx, id, before.is_public === 1);
  return { title: before.title };
}

export type MoveDirection = "up" | "down";

/**
 * Moves a dashboard one place up or down the list by swapping display_order with its neighbour.
 * Neighbours with the same order (ties are ordered by title) are first numbered 0, 1, 2... in
 * the list's order, so the swap always changes the order. Returns false when there is no such
 * dashboard or it is already at that end.
 */
export async function moveDashboard(
  ctx: AppContext,
  id: string,
  direction: MoveDirection,
  actor: { id: string } | null = null,
  meta?: RequestMeta,
): Promise<boolean> {
  const moved = await ctx.db.kysely.transaction().execute(async (trx) => {
    const rows = await selectAllDashboards(trx);
    const index = rows.findIndex((r) => r.id === id);
    const other = direction === "up" ? index - 1 : index + 1;
    if (index === -1 || other < 0 || other >= rows.length) return null;
    const orders = rows.map((r) => Number(r.display_order));
    const tied = orders[index] === orders[other];
    const numbered = tied ? orders.map((_, i) => i) : orders;
    [numbered[index], numbered[other]] = [numbered[other]!, numbered[index]!];
    const now = iso(ctx.now());
    const changed = rows.filter((r, i) => Number(r.display_order) !== numbered[i]);
    for (const r of changed) await updateDashboardRow(trx, r.id, { display_order: numbered[rows.indexOf(r)]!, updated_at: now });
    const details = { title: rows[index]!.title, direction };
    await logActivity(
      ctx,
      { action: "DASHBOARD_MOVED", entityType: "DASHBOARD", entityId: id, userId: actor?.id ?? null, details, meta },
      trx,
    );
    return changed;
  });
  if (!moved) return false;
  for (const r of moved) announce(ctx, r.id, r.is_public === 1);
  return true;
}
