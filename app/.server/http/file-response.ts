import { Readable } from "node:stream";
import { contentDisposition } from "~/lib/file-names";
import type { Storage } from "../storage";
import { StorageNotFoundError } from "../storage";

export interface StoredFile {
  key: string;
  size: number;
  sha256: string | null;
  mimeType: string;
  fileName: string;
  disposition: "attachment" | "inline";
  /** Defaults to revalidating every time (private, no-cache): publication can change at any moment. */
  cacheControl?: string;
}

/** Headers every file response carries (ARCHITECTURE.md decision 6). */
function baseHeaders(file: StoredFile): Headers {
  const headers = new Headers({
    "Content-Type": file.mimeType,
    "Content-Disposition": contentDisposition(file.disposition, file.fileName),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox",
    // no-transform keeps compression middleware away, so Content-Length and ranges stay exact.
    "Cache-Control": file.cacheControl ?? "private, no-cache, no-transform",
    "Accept-Ranges": "bytes",
  });
  if (file.sha256) headers.set("ETag", `"${file.sha256}"`);
  return headers;
}

type RangeResult = { kind: "full" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

/** Parses a single `bytes=` range (multi-range requests get the whole file, which RFC 9110 allows). */
export function parseRange(header: string | null, size: number): RangeResult {
  if (!header) return { kind: "full" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: "full" };
  const [, startText = "", endText = ""] = match;
  if (startText === "" && endText === "") return { kind: "full" };
  let start: number;
  let end: number;
  if (startText === "") {
    const suffix = Number(endText);
    if (suffix === 0) return { kind: "unsatisfiable" };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(startText);
    end = endText === "" ? size - 1 : Math.min(Number(endText), size - 1);
  }
  if (start >= size || start > end) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end };
}

/**
 * Streams a stored file as the response, honouring Range, If-Range (only
 * with our strong ETag) and If-None-Match, so interrupted downloads resume.
 * Returns 404 if the object is missing from storage.
 */
export async function fileResponse(request: Request, storage: Storage, file: StoredFile): Promise<Response> {
  const headers = baseHeaders(file);
  const etag = headers.get("ETag");
  if (etag && request.headers.get("If-None-Match") === etag) {
    return new Response(null, { status: 304, headers });
  }
  let range = parseRange(request.headers.get("Range"), file.size);
  const ifRange = request.headers.get("If-Range");
  if (range.kind !== "full" && ifRange && ifRange !== etag) range = { kind: "full" };

  if (range.kind === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const isHead = request.method === "HEAD";
  const byteRange = range.kind === "partial" ? { start: range.start, end: range.end } : undefined;
  let body: Readable | null = null;
  if (!isHead && file.size > 0) {
    try {
      body = await storage.get(file.key, byteRange);
    } catch (error) {
      if (error instanceof StorageNotFoundError) return new Response("Document file not found", { status: 404 });
      throw error;
    }
  }
  const webBody = body ? (Readable.toWeb(body) as ReadableStream<Uint8Array>) : null;
  if (byteRange) {
    headers.set("Content-Range", `bytes ${byteRange.start}-${byteRange.end}/${file.size}`);
    headers.set("Content-Length", String(byteRange.end - byteRange.start + 1));
    return new Response(webBody, { status: 206, headers });
  }
  headers.set("Content-Length", String(file.size));
  return new Response(webBody, { status: 200, headers });
}
