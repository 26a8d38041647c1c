import { msg } from "@lingui/core/macro";
import { downloadFileName } from "~/lib/file-names";
import { FOLDER_ZIP_MAX_FILES, type FolderZipSummary, folderZipFileName, folderZipSummary, uniqueEntryNames } from "~/lib/folder-zip";
import type { AppContext } from "../context";
import { zipResponse } from "../http/zip-response";
import { serverI18n } from "../i18n/i18n";
import { selectZippableFiles, selectZippableTotals } from "./folders.queries";

/**
 * "Download all" of a folder (decision 0033): its published files as one ZIP, the same for the
 * shared folder page and the admin folder view. Drafts are never in it, whoever asks: the ZIP is
 * what the shared folder page lists (documents without a file, or whose file is known to be gone
 * from storage, have nothing to add).
 */

/** What the folder's "Download all" button states: files, bytes, and whether the limit refuses it. */
export async function folderZipOffer(ctx: AppContext, folderId: string): Promise<FolderZipSummary> {
  const totals = await selectZippableTotals(ctx.db.kysely, folderId);
  return folderZipSummary(totals.files, totals.bytes, ctx.config.folderZipMaxMb);
}

/**
 * The ZIP of the folder's published files, streamed from storage: 404 when it has none, 413 with
 * the reason when they total more than FOLDER_ZIP_MAX_MB (or more files than one ZIP holds).
 */
export async function folderZip(ctx: AppContext, request: Request, folder: { id: string; name: string }): Promise<Response> {
  const offer = await folderZipOffer(ctx, folder.id);
  const i18n = serverI18n();
  if (offer.files === 0) return zipRefusal(404, i18n._(msg`This folder has no published files to download.`));
  if (offer.tooLarge) {
    const size = megabytes(offer.bytes);
    const limit = ctx.config.folderZipMaxMb;
    const most = FOLDER_ZIP_MAX_FILES;
    return zipRefusal(
      413,
      offer.files > most
        ? i18n._(msg`This folder has too many files to download at once (at most ${most}). Download the documents one by one.`)
        : i18n._(
            msg`This folder is too large to download at once (${size} MB; the limit is ${limit} MB). Download the documents one by one.`,
          ),
    );
  }
  const rows = await selectZippableFiles(ctx.db.kysely, folder.id, FOLDER_ZIP_MAX_FILES);
  const names = uniqueEntryNames(rows.map((row) => downloadFileName(row)));
  const sources = rows.map((row, i) => ({
    name: names[i] as string,
    size: row.size as number,
    modifiedAt: new Date(row.updated_at),
    open: () => ctx.storage.get(row.file_path as string),
  }));
  ctx.log.info({ folderId: folder.id, files: sources.length, bytes: offer.bytes }, "folder ZIP started");
  return zipResponse(request, sources, folderZipFileName(folder.name));
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}

/** A refusal of a ZIP as plain text: a link followed without JavaScript shows it as the page. */
export function zipRefusal(status: 404 | 413, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
