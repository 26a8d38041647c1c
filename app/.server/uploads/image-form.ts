import { Readable } from "node:stream";
import busboy from "busboy";
import { THUMBNAIL_MESSAGES } from "~/lib/dashboard-thumbnail";
import { extensionOf } from "~/lib/file-names";
import { contentMatchesExtension, SNIFF_BYTES } from "./file-types";
import { malformedForm } from "./malformed";

export interface ImageFormOptions {
  /** The file input's name; any other file part is ignored. */
  field: string;
  allowedExtensions: readonly string[];
  maxBytes: number;
}

export interface ParsedImageForm {
  /** The text fields, as a form (for the parsers in app/lib). */
  form: FormData;
  /** The image as sent (checked by extension, content and size), or null when none was chosen. */
  image: { bytes: Buffer; ext: string; originalName: string } | null;
  /** The spec's message when a file was chosen but refused. */
  rejected: string | null;
}

/**
 * A form with one small image (a dashboard thumbnail). Unlike documents, the image is not stored
 * as sent: it is re-encoded first (images.ts), so it is held in memory, never more than `maxBytes`
 * (busboy stops counting there and the rest is drained). Refused here: a name whose extension is
 * not allowed, content whose first bytes do not match the extension, a file past the limit. A
 * form without a file (urlencoded, or the dialog's without JavaScript's help) is read as usual.
 */
export async function parseImageForm(request: Request, options: ImageFormOptions): Promise<ParsedImageForm> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data") || !request.body) {
    const form = await request.formData().catch(() => malformedForm());
    return { form, image: null, rejected: null };
  }
  const result: ParsedImageForm = { form: new FormData(), image: null, rejected: null };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      // busboy signals the limit on reaching it, so allow one byte more: exactly the limit is accepted.
      limits: { fileSize: options.maxBytes + 1, files: 1, fields: 100, fieldSize: 64 * 1024, parts: 101 },
      defParamCharset: "utf8",
    });
  } catch {
    return malformedForm(); // e.g. no boundary
  }
  const pending: Promise<void>[] = [];
  parser.on("field", (name, value) => result.form.append(name, value));
  parser.on("file", (field, stream, info) => {
    const originalName = (info.filename ?? "").normalize("NFC");
    const ext = extensionOf(originalName) ?? "";
    if (field !== options.field || !originalName) {
      stream.resume();
      return;
    }
    if (!options.allowedExtensions.includes(ext)) {
      result.rejected = THUMBNAIL_MESSAGES.invalidType;
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let tooLarge = false;
    stream.on("limit", () => {
      tooLarge = true;
      chunks.length = 0;
    });
    stream.on("data", (chunk: Buffer) => {
      if (!tooLarge) chunks.push(chunk);
    });
    pending.push(
      new Promise<void>((resolve, reject) => {
        stream.on("error", reject);
        stream.on("end", () => {
          const bytes = Buffer.concat(chunks);
          if (tooLarge) result.rejected = THUMBNAIL_MESSAGES.tooLarge;
          else if (bytes.length === 0) {
            // An empty file is no file.
          } else if (!contentMatchesExtension(ext, bytes.subarray(0, SNIFF_BYTES))) result.rejected = THUMBNAIL_MESSAGES.invalidType;
          else result.image = { bytes, ext, originalName };
          resolve();
        });
      }),
    );
  });
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  const body = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream<Uint8Array>);
  body.on("error", (error) => parser.destroy(error));
  body.pipe(parser);
  // A body that cannot be parsed is the client's fault (400); the image is only ever held in memory.
  await finished.catch(() => malformedForm());
  await Promise.all(pending).catch(() => malformedForm());
  return result;
}
