import type { Kysely } from "kysely";
import type { AppContext } from "../context";
import type { Database, FileContentsRow } from "../db/types";
import { findDownloadable } from "../documents/documents.service";
import { fileResponse, versionedCacheControl } from "../http/file-response";
import { selectOwnFileContents } from "./contents.queries";

/**
 * Documents' first-page thumbnails (issue 11): made by the file reader, served like the files
 * themselves. Publication is re-checked on every request (a draft's only for staff), and the
 * address carries a hash of the image (`?v=`), so a current address is cached for a year and a
 * new thumbnail gets a new address.
 */

/** What a card or the detail page needs to show a thumbnail without layout shift. */
export interface ThumbnailRef {
  src: string;
  width: number;
  height: number;
}

/** The address version: the start of the image's sha256. */
function version(sha256: string): string {
  return sha256.slice(0, 16);
}

/** A document's thumbnail as a page shows it, from its file's row; null when there is none. */
export function thumbnailRef(
  row: Pick<FileContentsRow, "document_id" | "thumbnail_sha256" | "thumbnail_width" | "thumbnail_height">,
): ThumbnailRef | null {
  if (!row.thumbnail_sha256 || !row.thumbnail_width || !row.thumbnail_height) return null;
  return {
    src: `/api/documents/${row.document_id}/thumbnail?v=${version(row.thumbnail_sha256)}`,
    width: row.thumbnail_width,
    height: row.thumbnail_height,
  };
}

/** The thumbnails of the given documents' own files (not their attachments'), by document id. */
export async function thumbnailsOf(db: Kysely<Database>, documentIds: readonly string[]): Promise<Map<string, ThumbnailRef>> {
  const found = new Map<string, ThumbnailRef>();
  for (const [id, row] of await selectOwnFileContents(db, documentIds)) {
    const ref = thumbnailRef(row);
    if (ref) found.set(id, ref);
  }
  return found;
}

/** GET /api/documents/:id/thumbnail: the image, or 404 for a document the viewer may not see or without one. */
export async function documentThumbnailResponse(
  ctx: AppContext,
  request: Request,
  id: string,
  viewer: { staff: boolean },
): Promise<Response> {
  const notFound = () => new Response("Thumbnail not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const document = await findDownloadable(ctx, id, viewer);
  if (!document?.file_path) return notFound();
  const row = await ctx.db.kysely
    .selectFrom("file_contents")
    .select(["thumbnail_key", "thumbnail_size", "thumbnail_sha256"])
    .where("file_key", "=", document.file_path)
    .executeTakeFirst();
  if (!row?.thumbnail_key || !row.thumbnail_sha256 || row.thumbnail_size === null) return notFound();
  const current = new URL(request.url).searchParams.get("v") === version(row.thumbnail_sha256);
  return fileResponse(request, ctx.storage, {
    key: row.thumbnail_key,
    size: row.thumbnail_size,
    sha256: row.thumbnail_sha256,
    mimeType: "image/webp",
    fileName: "thumbnail.webp",
    disposition: "inline",
    cacheControl: versionedCacheControl(document.published === 1, current),
  });
}
