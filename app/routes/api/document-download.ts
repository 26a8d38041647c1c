import { getSession } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { countDownload, findDownloadable } from "~/.server/documents/documents.service";
import { fileResponse } from "~/.server/http/file-response";
import { downloadFileName } from "~/lib/file-names";
import { mimeForExtension } from "~/lib/mime";
import type { Route } from "./+types/document-download";

/**
 * GET /api/documents/:id/download (and the legacy /api/document/:id/download/file).
 * Publication is re-checked on every request; an unpublished document is a
 * 404 to anyone but signed-in staff, exactly like an id that never existed.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = app();
  const session = await getSession(request);
  const doc = await findDownloadable(ctx, params.id, { staff: !!session });
  if (!doc) return new Response("Document not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  if (!doc.file_path || doc.size === null) {
    return new Response("Document file not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const response = await fileResponse(request, ctx.storage, {
    key: doc.file_path,
    size: doc.size,
    sha256: doc.sha256,
    mimeType: doc.mime_type ?? mimeForExtension(doc.file_ext),
    fileName: downloadFileName(doc),
    disposition: "attachment",
  });
  // One download is counted per request that starts at the first byte (a resumed range is the same download).
  const range = request.headers.get("Range");
  if (request.method === "GET" && response.status < 300 && (!range || /^bytes=0-/.test(range))) {
    await countDownload(ctx, doc.id);
  }
  return response;
}
