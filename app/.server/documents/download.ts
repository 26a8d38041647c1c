import { downloadFileName } from "~/lib/file-names";
import { mimeForExtension } from "~/lib/mime";
import type { AppContext } from "../context";
import { downloadErrorResponse, fileResponse } from "../http/file-response";
import { countDownload, findDownloadable } from "./documents.service";
import { fileMissingHooks } from "./stored-files";

/**
 * The answer of GET/HEAD /api/documents/:id/download (and the legacy path). Publication is
 * re-checked on every request: an unpublished document is a 404 to anyone but signed-in staff,
 * exactly like an id that never existed. A file gone from storage is answered with the spec's
 * text and recorded on the document (stored-files.ts).
 */
export async function documentDownload(ctx: AppContext, request: Request, id: string, viewer: { staff: boolean }): Promise<Response> {
  const doc = await findDownloadable(ctx, id, viewer);
  if (!doc) return downloadErrorResponse(404, "not-found");
  if (!doc.file_path || doc.size === null) return downloadErrorResponse(404, "file-missing");
  const response = await fileResponse(
    request,
    ctx.storage,
    {
      key: doc.file_path,
      size: doc.size,
      sha256: doc.sha256,
      mimeType: doc.mime_type ?? mimeForExtension(doc.file_ext),
      fileName: downloadFileName(doc),
      disposition: "attachment",
    },
    fileMissingHooks(ctx, doc),
  );
  // One download is counted per request that starts at the first byte (a resumed range is the same download).
  const range = request.headers.get("Range");
  if (request.method === "GET" && response.status < 300 && (!range || /^bytes=0-/.test(range))) {
    try {
      await countDownload(ctx, doc.id);
    } catch (error) {
      // The file is open already: close it now rather than when the unsent answer is collected.
      await response.body?.cancel();
      throw error;
    }
  }
  return response;
}
