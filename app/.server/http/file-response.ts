import { DOWNLOAD_ERROR_HEADER, DOWNLOAD_ERRORS, type DownloadErrorCode } from "~/lib/download-errors";
import { contentDisposition } from "~/lib/file-names";
import type { ByteRange, Storage } from "../storage";
import { StorageNotFoundError } from "../storage";
import { nodeBodyResponse } from "./node-body";

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

/**
 * What the caller learns about the stored file while serving it, to keep a record of files gone
 * missing (documents.file_missing_at) without asking the storage anywhere else.
 */
export interface FileHooks {
  /** The storage has no object at the key. */
  onMissing?: () => Promise<void>;
  /** The storage had the object (it is being served). */
  onFound?: () => Promise<void>;
}

/** A refusal of a file route: the spec's text as plain text, its reason in a header too (HEAD has no body). */
export function downloadErrorResponse(status: 403 | 404, code: DownloadErrorCode): Response {
  return new Response(DOWNLOAD_ERRORS[code], {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      [DOWNLOAD_ERROR_HEADER]: code,
    },
  });
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
 * The body is the storage's Node stream, which the HTTP layer pipes into the
 * socket itself (node-body.ts); a HEAD or an empty file opens none.
 * A file missing from storage is a 404 with the spec's text, never a broken
 * stream; HEAD (the download button's check) asks the storage too, so it
 * answers as the GET would.
 */
export async function fileResponse(request: Request, storage: Storage, file: StoredFile, hooks: FileHooks = {}): Promise<Response> {
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
  const byteRange = range.kind === "partial" ? { start: range.start, end: range.end } : undefined;
  const body = await openBody(request, storage, file, byteRange);
  if (body === "missing") {
    await hooks.onMissing?.();
    return downloadErrorResponse(404, "file-missing");
  }
  try {
    await hooks.onFound?.();
  } catch (error) {
    body?.destroy();
    throw error;
  }
  if (byteRange) {
    headers.set("Content-Range", `bytes ${byteRange.start}-${byteRange.end}/${file.size}`);
    headers.set("Content-Length", String(byteRange.end - byteRange.start + 1));
  } else headers.set("Content-Length", String(file.size));
  const init = { status: byteRange ? 206 : 200, headers };
  return body ? nodeBodyResponse(body, init) : new Response(null, init);
}

/**
 * The bytes to send, null when there are none to send (HEAD, an empty file) but the object is
 * there, or "missing". Without a body to open, a stat asks the storage instead.
 */
async function openBody(request: Request, storage: Storage, file: StoredFile, byteRange: ByteRange | undefined) {
  if (request.method === "HEAD" || file.size === 0) return (await storage.stat(file.key)) ? null : "missing";
  try {
    return await storage.get(file.key, byteRange);
  } catch (error) {
    if (error instanceof StorageNotFoundError) return "missing";
    throw error;
  }
}

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Cache-Control for an image whose address carries its version (`?v=`, a hash of its bytes):
 * asked with the current version, it is kept for a year (a new image gets a new address); asked
 * otherwise, it is checked each time. Public when anyone may see it, else private.
 */
export function versionedCacheControl(isPublic: boolean, current: boolean): string {
  const scope = isPublic ? "public" : "private";
  return current ? `${scope}, max-age=${YEAR_S}, immutable, no-transform` : `${scope}, no-cache, no-transform`;
}
