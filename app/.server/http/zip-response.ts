import type { Readable } from "node:stream";
import { ZipFile } from "yazl";
import { contentDisposition } from "~/lib/file-names";
import { nodeBodyResponse } from "./node-body";

/** One file of a ZIP: its name inside, its exact size, and how to open its bytes when its turn comes. */
export interface ZipSource {
  name: string;
  size: number;
  modifiedAt: Date;
  open(): Promise<Readable>;
}

/**
 * A ZIP of `sources` streamed as the response (decision 0033), never held in memory nor written
 * to a temp file: yazl opens each source only when the archive reaches it (one file or S3 request
 * open at a time), stores it uncompressed (the portal's files are PDFs, Office packages and images:
 * already compressed), and with every size known predicts the archive's exact length, so the
 * answer has a Content-Length and the browser shows progress. The body is piped into the socket
 * with backpressure (node-body.ts): a source is read only as fast as the client takes it.
 *
 * A client that goes away destroys the archive's stream, which closes the source being read and
 * opens no other. A source that fails (gone from storage, a size that does not match its row)
 * destroys the archive with the error: the response ends short of its Content-Length, so the
 * browser reports a failed download rather than saving a broken ZIP as whole.
 */
export function zipResponse(request: Request, sources: readonly ZipSource[], fileName: string): Response {
  const zip = new ZipFile();
  const output = zip.outputStream;
  let reading: Readable | null = null;
  const fail = (error: Error) => output.destroy(error);
  zip.on("error", fail);
  output.once("close", () => reading?.destroy());
  for (const source of sources) {
    zip.addReadStreamLazy(source.name, { size: source.size, mtime: source.modifiedAt, compress: false }, (callback) => {
      if (output.destroyed) return;
      source.open().then((stream) => {
        if (output.destroyed) {
          stream.destroy();
          return;
        }
        reading = stream;
        stream.once("error", fail);
        callback(null, stream);
      }, fail);
    });
  }
  let length = -1;
  zip.end(undefined, (bytes) => {
    length = bytes;
  });
  const headers = new Headers({
    "Content-Type": "application/zip",
    "Content-Disposition": contentDisposition("attachment", fileName),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox",
    // no-transform keeps compression middleware away, so Content-Length stays exact.
    "Cache-Control": "private, no-store, no-transform",
  });
  if (length >= 0) headers.set("Content-Length", String(length));
  if (request.method === "HEAD") {
    output.destroy();
    return new Response(null, { status: 200, headers });
  }
  return nodeBodyResponse(output, { status: 200, headers });
}
