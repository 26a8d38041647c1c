import { Readable } from "node:stream";
import {
  MAX_THUMBNAIL_BYTES,
  REMOVE_THUMBNAIL_FIELD,
  THUMBNAIL_EXTENSIONS,
  THUMBNAIL_FIELD,
  THUMBNAIL_MAX_INPUT_PIXELS,
  THUMBNAIL_MAX_WIDTH,
  type ThumbnailImage,
  thumbnailSrc,
  thumbnailVersion,
} from "~/lib/dashboard-thumbnail";
import type { AppContext } from "../context";
import { fileResponse, versionedCacheControl } from "../http/file-response";
import { generateStorageKey } from "../storage";
import { parseImageForm } from "../uploads/image-form";
import { toWebpThumbnail } from "../uploads/images";
import { forgetPendingFiles, storePendingFile } from "../uploads/pending-files";
import { type DashboardRow, selectDashboardById } from "./dashboards.queries";

/**
 * Dashboard thumbnails (decision 0011): an uploaded image re-encoded as a WebP, stored through the
 * Storage interface under an app-made key, its size and sha256 kept on the dashboard's row. The
 * original upload is never stored. dashboards.admin.ts calls these around its writes.
 */

/** What an edit does to the thumbnail: keep it, remove it, or replace it with an upload. */
export type ThumbnailChange = { kind: "keep" } | { kind: "remove" } | { kind: "upload"; bytes: Buffer };
export const KEEP_THUMBNAIL: ThumbnailChange = { kind: "keep" };

export type ThumbnailColumns = Pick<
  DashboardRow,
  "thumbnail_key" | "thumbnail_width" | "thumbnail_height" | "thumbnail_size" | "thumbnail_sha256"
>;

export const NO_THUMBNAIL: ThumbnailColumns = {
  thumbnail_key: null,
  thumbnail_width: null,
  thumbnail_height: null,
  thumbnail_size: null,
  thumbnail_sha256: null,
};

const KEY_PREFIX = "dashboard-thumbnails";

/**
 * The Create/Edit Dashboard form as sent: its fields, what it asks of the thumbnail (a new image
 * replaces the old one; the remove box without one removes it), and the message when the chosen
 * file was refused (wrong type, disguised, too large), in which case nothing has been stored.
 */
export async function readDashboardForm(
  request: Request,
): Promise<{ form: FormData; thumbnail: ThumbnailChange; rejected: string | null }> {
  const parsed = await parseImageForm(request, {
    field: THUMBNAIL_FIELD,
    allowedExtensions: THUMBNAIL_EXTENSIONS,
    maxBytes: MAX_THUMBNAIL_BYTES,
  });
  const remove = parsed.form.get(REMOVE_THUMBNAIL_FIELD) !== null;
  const thumbnail: ThumbnailChange = parsed.image
    ? { kind: "upload", bytes: parsed.image.bytes }
    : remove
      ? { kind: "remove" }
      : KEEP_THUMBNAIL;
  return { form: parsed.form, thumbnail, rejected: parsed.rejected };
}

/**
 * Converts and stores an upload. A refused image (unreadable, too many pixels) stores nothing;
 * the caller writes the returned columns and, if that fails, calls discardThumbnail.
 */
export async function storeThumbnail(
  ctx: AppContext,
  bytes: Buffer,
): Promise<{ ok: true; columns: ThumbnailColumns } | { ok: false; message: string }> {
  const webp = await toWebpThumbnail(bytes, { maxWidth: THUMBNAIL_MAX_WIDTH, maxInputPixels: THUMBNAIL_MAX_INPUT_PIXELS });
  if (!webp.ok) return webp;
  const key = generateStorageKey({ prefix: KEY_PREFIX, originalName: "thumbnail.webp", now: ctx.now() });
  const stored = await storePendingFile(ctx, key, Readable.from([webp.bytes]), { contentType: "image/webp" });
  return {
    ok: true,
    columns: {
      thumbnail_key: key,
      thumbnail_width: webp.width,
      thumbnail_height: webp.height,
      thumbnail_size: stored.size,
      thumbnail_sha256: stored.sha256,
    },
  };
}

/**
 * Removes a thumbnail file no row names any more. A failure is logged, not raised: the dashboard
 * change has been made, and an orphan file costs only space (an export never copies it).
 */
export async function discardThumbnail(ctx: AppContext, key: string | null): Promise<void> {
  if (!key) return;
  try {
    await ctx.storage.delete(key);
    await forgetPendingFiles(ctx.db.kysely, [key]);
  } catch (error) {
    ctx.log.warn({ err: error, key }, "could not remove a dashboard thumbnail file");
  }
}

/** The card's image: served by the app at an address that changes with the file. */
export function thumbnailOf(row: DashboardRow): ThumbnailImage | null {
  if (!row.thumbnail_key || !row.thumbnail_sha256 || !row.thumbnail_width || !row.thumbnail_height) return null;
  return { src: thumbnailSrc(row.id, row.thumbnail_sha256), width: Number(row.thumbnail_width), height: Number(row.thumbnail_height) };
}

export interface ThumbnailFile {
  key: string;
  size: number;
  sha256: string;
  /** The `v` of its current address. */
  version: string;
  isPublic: boolean;
}

/**
 * The stored thumbnail of a dashboard the viewer may see: any public one, and private ones only
 * for signed-in staff. Null when there is no such dashboard, no thumbnail, or no right to it.
 */
export async function dashboardThumbnailFile(ctx: AppContext, id: string, viewer: { staff: boolean }): Promise<ThumbnailFile | null> {
  const row = await selectDashboardById(ctx.db.kysely, id);
  if (!row?.thumbnail_key || !row.thumbnail_sha256 || row.thumbnail_size === null) return null;
  const isPublic = row.is_public === 1;
  if (!isPublic && !viewer.staff) return null;
  return {
    key: row.thumbnail_key,
    size: Number(row.thumbnail_size),
    sha256: row.thumbnail_sha256,
    version: thumbnailVersion(row.thumbnail_sha256),
    isPublic,
  };
}

/**
 * GET /api/dashboards/:id/thumbnail?v=: the WebP, with nosniff and a sandbox CSP like every file.
 * At its current address (`v` = the file's version) it never changes, so browsers keep it for a
 * year; private dashboards' only in the staff member's own cache. Another `v` (an old page)
 * still gets the current image, revalidated each time. Anything not visible: 404.
 */
export async function thumbnailResponse(ctx: AppContext, request: Request, id: string, viewer: { staff: boolean }): Promise<Response> {
  const file = await dashboardThumbnailFile(ctx, id, viewer);
  if (!file) return new Response("Thumbnail not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const current = new URL(request.url).searchParams.get("v") === file.version;
  return fileResponse(request, ctx.storage, {
    key: file.key,
    size: file.size,
    sha256: file.sha256,
    mimeType: "image/webp",
    fileName: "thumbnail.webp",
    disposition: "inline",
    cacheControl: versionedCacheControl(file.isPublic, current),
  });
}
