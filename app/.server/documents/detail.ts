import { downloadExtension } from "~/lib/file-names";
import { mimeForExtension } from "~/lib/mime";
import type { RequestMeta } from "../activity/activity.service";
import { selectFileContents } from "../contents/contents.queries";
import { type ThumbnailRef, thumbnailsOf } from "../contents/thumbnails";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { StorageNotFoundError } from "../storage";
import {
  type AttachmentDetail,
  type DocumentDetail,
  findPublishedDocument,
  findSharedDocument,
  listAttachments,
  recordDocumentView,
  toDocumentDetail,
} from "./documents.service";
import { fileVersion, mayBeInline, signedFileUrl } from "./signed-links";
import { markFileMissing } from "./stored-files";

/** What the preview widget can show (public-portal section 2, "Preview widget"). */
export type PreviewKind = "pdf" | "image" | "video" | "audio" | "text" | "unsupported" | "missing";

export interface PreviewData {
  kind: PreviewKind;
  /** Signed link to the file (inline for PDF and images), or null without a file. */
  url: string | null;
  /** For "text" when the preview was asked for without JavaScript: the first bytes, read on the server. */
  text: { content: string; truncated: boolean } | { error: true } | null;
}

export interface DocumentDetailView {
  document: DocumentDetail;
  attachments: Array<AttachmentDetail & { url: string }>;
  preview: PreviewData;
  /** The first page as a small image, when the file reader made one. */
  thumbnail: ThumbnailRef | null;
  /** How much text was read from the file (characters), when any: the text view is offered then. */
  textChars: number | null;
}

export interface DetailRequest {
  /** The id, or on /shared/document also a share token. */
  key: string;
  byToken: boolean;
  /** Whether this request is a view to count (a navigation, not a revalidation). */
  countView: boolean;
  /** The preview section is open in the server render (no-JS toggle). */
  previewOpen: boolean;
  meta?: RequestMeta;
}

/** Bytes of a text file shown by the server-rendered preview; the client reads more (200 KB). */
export const SERVER_TEXT_PREVIEW_BYTES = 20 * 1024;

/** The preview kind follows the file's extension (public-portal section 5), not the stored type. */
export function previewKind(doc: Pick<DocumentRow, "file_path" | "file_ext" | "mime_type">): PreviewKind {
  if (!doc.file_path) return "missing";
  const mime = mimeForExtension(downloadExtension(doc));
  if (mime === "application/pdf") return "pdf";
  if (mime === "text/plain" || mime === "text/csv") return "text";
  const family = mime.split("/")[0];
  return family === "image" || family === "video" || family === "audio" ? family : "unsupported";
}

/**
 * The public detail view of a published document (ARCHITECTURE.md section 4:
 * one view for /document, /public-document and /shared/document), or null
 * when it is unknown, unpublished or the token is not (or no longer) valid.
 */
export async function documentDetailView(ctx: AppContext, request: DetailRequest): Promise<DocumentDetailView | null> {
  const row = request.byToken ? await findSharedDocument(ctx, request.key) : await findPublishedDocument(ctx, request.key);
  if (!row) return null;
  const [attachments, viewCount] = await Promise.all([
    listAttachments(ctx, row.id),
    request.countView ? recordDocumentView(ctx, row, request.meta) : Promise.resolve(null),
  ]);
  const document = toDocumentDetail(row, attachments);
  if (viewCount !== null) document.view_count = viewCount;
  const signedAttachments = await Promise.all(
    attachments.map(async (a, i) => ({
      ...document.attachments[i]!,
      url: await signedFileUrl(ctx, { kind: "attachment", id: a.id, version: fileVersion(a) }, "attachment"),
    })),
  );
  const [preview, thumbnails, contents] = await Promise.all([
    previewOf(ctx, row, request.previewOpen),
    thumbnailsOf(ctx.db.kysely, [row.id]),
    row.file_path ? selectFileContents(ctx.db.kysely, row.file_path) : Promise.resolve(undefined),
  ]);
  return {
    document,
    attachments: signedAttachments,
    preview,
    thumbnail: thumbnails.get(row.id) ?? null,
    textChars: contents && contents.text_chars > 0 ? contents.text_chars : null,
  };
}

async function previewOf(ctx: AppContext, row: DocumentRow, open: boolean): Promise<PreviewData> {
  const kind = previewKind(row);
  if (kind === "missing") return { kind, url: null, text: null };
  const disposition = mayBeInline(mimeForExtension(downloadExtension(row))) ? "inline" : "attachment";
  const url = await signedFileUrl(ctx, { kind: "document", id: row.id, version: fileVersion(row) }, disposition);
  const text = kind === "text" && open ? await readTextStart(ctx, row) : null;
  return { kind, url, text };
}

/** The start of a text file for the no-JavaScript preview (React escapes it when rendering). */
async function readTextStart(ctx: AppContext, row: DocumentRow): Promise<PreviewData["text"]> {
  if (!row.file_path) return { error: true };
  const size = row.size ?? (await ctx.storage.stat(row.file_path))?.size ?? 0;
  if (size === 0) return { content: "", truncated: false };
  const end = Math.min(size, SERVER_TEXT_PREVIEW_BYTES) - 1;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.storage.get(row.file_path, { start: 0, end })) chunks.push(Buffer.from(chunk as Uint8Array));
    // A multi-byte character cut at the end decodes to U+FFFD, which is harmless in a preview.
    return { content: new TextDecoder("utf-8").decode(Buffer.concat(chunks)), truncated: size > end + 1 };
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      if (row.file_missing_at === null) await markFileMissing(ctx, row.id);
      return { error: true };
    }
    throw error;
  }
}
