import { Readable, Transform, type TransformCallback } from "node:stream";
import busboy from "busboy";
import { DOCUMENT_MESSAGES } from "~/lib/document-form";
import { extensionOf } from "~/lib/file-names";
import { mimeForExtension } from "~/lib/mime";
import type { AppContext } from "../context";
import { generateStorageKey } from "../storage";
import { contentMatchesExtension, MAX_UPLOAD_BYTES, SNIFF_BYTES } from "./file-types";
import { forgetPendingFiles, storePendingFile } from "./pending-files";

/** The spec's messages (admin-and-sharing section 5). */
export const UPLOAD_MESSAGES = {
  invalidType: DOCUMENT_MESSAGES.invalidType,
  tooLarge: DOCUMENT_MESSAGES.tooLarge,
  missing: DOCUMENT_MESSAGES.missing,
  /** Ours, in the spec's shape: a body cut short or without its boundary. */
  unreadable: "Upload failed: The form could not be read. Please try again",
} as const;

export interface StoredUpload {
  field: string;
  originalName: string;
  ext: string;
  mimeType: string;
  key: string;
  size: number;
  sha256: string;
}

export interface RejectedUpload {
  field: string;
  originalName: string;
  message: string;
}

export interface ParsedUpload {
  fields: Record<string, string[]>;
  stored: StoredUpload[];
  rejected: RejectedUpload[];
}

export interface UploadOptions {
  /** Its storage takes the files, each announced first in its database (pending-files.ts). */
  ctx: AppContext;
  allowedExtensions: readonly string[];
  keyPrefix: string;
  maxFiles: number;
  maxFileBytes?: number;
  now?: Date;
}

class UploadRejected extends Error {}

/**
 * Streams a multipart/form-data request: each file goes straight to storage
 * (never held in memory), refused while streaming when it passes the size
 * limit or its first bytes do not match its extension. A refused or broken
 * file leaves nothing in storage. The caller removes `stored` files if it
 * then fails to create their records.
 */
export async function parseUpload(request: Request, options: UploadOptions): Promise<ParsedUpload> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    return { fields: {}, stored: [], rejected: [] };
  }
  const maxFileBytes = options.maxFileBytes ?? MAX_UPLOAD_BYTES;
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // busboy signals the limit on reaching it, so allow one byte more: exactly 50 MB is accepted.
      limits: { fileSize: maxFileBytes + 1, files: options.maxFiles, fields: 100, fieldSize: 64 * 1024, parts: options.maxFiles + 100 },
      defParamCharset: "utf8",
    });
  } catch {
    return unreadable({ fields: {}, stored: [], rejected: [] }); // e.g. no boundary
  }
  const result: ParsedUpload = { fields: {}, stored: [], rejected: [] };
  const pending: Promise<void>[] = [];

  parser.on("field", (name, value) => {
    result.fields[name] = [...(result.fields[name] ?? []), value];
  });

  parser.on("file", (field, stream, info) => {
    const originalName = (info.filename ?? "").normalize("NFC");
    if (!originalName) {
      stream.resume(); // an empty file input
      return;
    }
    const ext = extensionOf(originalName) ?? "";
    if (!options.allowedExtensions.includes(ext)) {
      result.rejected.push({ field, originalName, message: UPLOAD_MESSAGES.invalidType });
      stream.resume();
      return;
    }
    const guard = new UploadGuard(ext);
    stream.on("limit", () => guard.destroy(new UploadRejected(UPLOAD_MESSAGES.tooLarge)));
    stream.on("error", (error) => guard.destroy(error));
    // Once the file is refused, drain the rest of it so the parser reaches the next part.
    guard.on("error", () => {
      stream.unpipe(guard);
      stream.resume();
    });
    stream.pipe(guard);
    const key = generateStorageKey({ prefix: options.keyPrefix, originalName, now: options.now });
    pending.push(
      storePendingFile(options.ctx, key, guard, { contentType: mimeForExtension(ext) }).then(
        ({ size, sha256 }) => {
          if (size === 0) {
            // An empty file is no file: remove it and report it as missing.
            result.rejected.push({ field, originalName, message: UPLOAD_MESSAGES.missing });
            return removeStored(options.ctx, [{ key }]);
          }
          result.stored.push({ field, originalName, ext, mimeType: mimeForExtension(ext), key, size, sha256 });
        },
        (error: unknown) => {
          if (error instanceof UploadRejected) result.rejected.push({ field, originalName, message: error.message });
          else throw error;
        },
      ),
    );
  });

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  body.on("error", (error) => parser.destroy(error));
  body.pipe(parser);

  // Files are announced while parsing, so `pending` is complete only once the parser has closed.
  const parseFailure: unknown = await finished.then(
    () => null,
    (error: unknown) => error,
  );
  let failure: unknown = null;
  // Wait for every file before deciding, so a failure leaves no orphan behind.
  for (const outcome of await Promise.allSettled(pending)) {
    if (outcome.status === "rejected") failure ??= outcome.reason;
  }
  if (failure || parseFailure) {
    await removeStored(options.ctx, result.stored);
    // A body that could not be parsed is the client's fault (its files fail with it); otherwise
    // the failure is ours (storage).
    if (parseFailure) return unreadable({ ...result, stored: [] });
    throw failure;
  }
  return result;
}

/**
 * A body that could not be parsed is the client's fault: reported like a refused file (400, the
 * upload's own message), so every upload route answers it as it answers any refusal.
 */
function unreadable(result: ParsedUpload): ParsedUpload {
  return { ...result, rejected: [{ field: "", originalName: "", message: UPLOAD_MESSAGES.unreadable }, ...result.rejected] };
}

/** Removes stored files no row will name, and their announcements (a failure of either is left to the sweep). */
export async function removeStored(ctx: AppContext, files: Pick<StoredUpload, "key">[]): Promise<void> {
  const results = await Promise.allSettled(files.map((f) => ctx.storage.delete(f.key)));
  const removed = files.filter((_, i) => results[i]?.status === "fulfilled").map((f) => f.key);
  await forgetPendingFiles(ctx.db.kysely, removed).catch(() => undefined);
}

/** Passes bytes through, refusing the stream if its first bytes do not match the extension. */
class UploadGuard extends Transform {
  #head: Buffer[] = [];
  #headLength = 0;
  #checked = false;

  constructor(private readonly ext: string) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.#checked) {
      callback(null, chunk);
      return;
    }
    this.#head.push(chunk);
    this.#headLength += chunk.length;
    if (this.#headLength < SNIFF_BYTES) {
      callback();
      return;
    }
    this.#check(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.#checked) {
      callback();
      return;
    }
    this.#check(callback);
  }

  #check(callback: TransformCallback): void {
    this.#checked = true;
    const head = Buffer.concat(this.#head);
    this.#head = [];
    if (head.length > 0 && !contentMatchesExtension(this.ext, head.subarray(0, SNIFF_BYTES))) {
      callback(new UploadRejected(UPLOAD_MESSAGES.invalidType));
      return;
    }
    callback(null, head);
  }
}
