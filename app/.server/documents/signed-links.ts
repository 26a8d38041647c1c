import { createHmac, timingSafeEqual } from "node:crypto";
import { DOWNLOAD_ERRORS } from "~/lib/download-errors";
import { downloadFileName, extensionOf } from "~/lib/file-names";
import { mimeForExtension } from "~/lib/mime";
import type { AppContext } from "../context";
import { downloadErrorResponse, type FileHooks, fileResponse, type StoredFile } from "../http/file-response";
import { getOrCreateSecret } from "../settings/settings.service";
import { findDownloadable, findDownloadableAttachment } from "./documents.service";
import { fileMissingHooks } from "./stored-files";

/**
 * Short-lived signed file links (ARCHITECTURE.md decision 6): an HMAC-SHA256
 * over what is served (document or attachment, id, file version), until when
 * and how (inline or attachment). A link stops working when it expires, when
 * the file is replaced (the version changes) and, because the file route
 * re-checks publication on every request, as soon as the document is
 * unpublished — unlike a storage-level presigned URL.
 */
export const SIGNED_LINK_TTL_SECONDS = 3600;

export type Disposition = "inline" | "attachment";
export type LinkKind = "document" | "attachment";

export interface LinkTarget {
  kind: LinkKind;
  id: string;
  /** The file's sha256, or its row's timestamp when no checksum is known. */
  version: string;
}

/** The query string of a signed link: `?v=&exp=&d=&sig=`. */
export interface SignedParams {
  v: string;
  exp: string;
  d: Disposition;
  sig: string;
}

export type VerifyResult = { ok: true; disposition: Disposition } | { ok: false; reason: "invalid" | "expired" };

/** The version a link is bound to: replacing the file invalidates links to the old one. */
export function fileVersion(row: { sha256: string | null; updated_at?: string; created_at: string }): string {
  return row.sha256 ?? row.updated_at ?? row.created_at;
}

function mac(secret: Buffer, target: LinkTarget, exp: string, d: Disposition): Buffer {
  // Newline-separated fields: none of them can contain a newline, so the message is unambiguous.
  return createHmac("sha256", secret).update([target.kind, target.id, target.version, exp, d].join("\n")).digest();
}

export function signLink(secret: Buffer, target: LinkTarget, disposition: Disposition, now: Date): SignedParams {
  const exp = String(Math.floor(now.getTime() / 1000) + SIGNED_LINK_TTL_SECONDS);
  return { v: target.version, exp, d: disposition, sig: mac(secret, target, exp, disposition).toString("base64url") };
}

/**
 * Checks a link's query against the target as it is now. A link for another
 * version (the file was replaced) is reported as expired: reloading the page
 * gives a working one.
 */
export function verifyLink(secret: Buffer, target: LinkTarget, query: URLSearchParams, now: Date): VerifyResult {
  const v = query.get("v");
  const exp = query.get("exp");
  const d = query.get("d");
  const sig = query.get("sig");
  if (v === null || exp === null || sig === null || (d !== "inline" && d !== "attachment") || !/^\d{1,12}$/.test(exp)) {
    return { ok: false, reason: "invalid" };
  }
  const expected = mac(secret, { ...target, version: v }, exp, d);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  if (Number(exp) * 1000 <= now.getTime() || v !== target.version) return { ok: false, reason: "expired" };
  return { ok: true, disposition: d };
}

/** The name of the signing key among the secrets (settings "secret:signed-links"). */
export const SIGNING_KEY = "signed-links";
/** How long an instance keeps the key before reading it again: a rotation reaches every instance within it. */
export const SIGNING_KEY_REFRESH_MS = 60_000;

const secrets = new WeakMap<AppContext, { key: Promise<Buffer>; readAt: number }>();

/**
 * The signing key (every instance on the database shares it), read again every minute so that
 * `portal keys:rotate`, run from another process, ends the old links on every instance.
 */
export function signingSecret(ctx: AppContext): Promise<Buffer> {
  const cached = secrets.get(ctx);
  const now = ctx.now().getTime();
  if (cached && now - cached.readAt < SIGNING_KEY_REFRESH_MS && now >= cached.readAt) return cached.key;
  const key = getOrCreateSecret(ctx, SIGNING_KEY);
  secrets.set(ctx, { key, readAt: now });
  key.catch(() => secrets.delete(ctx));
  return key;
}

const PATHS: Record<LinkKind, string> = { document: "/api/files", attachment: "/api/attachments" };

/** A root-relative signed URL for the file route, valid for SIGNED_LINK_TTL_SECONDS. */
export async function signedFileUrl(ctx: AppContext, target: LinkTarget, disposition: Disposition): Promise<string> {
  const params = signLink(await signingSecret(ctx), target, disposition, ctx.now());
  return `${PATHS[target.kind]}/${encodeURIComponent(target.id)}?${new URLSearchParams({ ...params }).toString()}`;
}

/** Only PDFs and images are shown inline (decision 6); everything else is served as an attachment. */
export function mayBeInline(mimeType: string): boolean {
  return mimeType === "application/pdf" || mimeType.startsWith("image/");
}

export type SignedFile =
  | { ok: true; file: StoredFile; hooks: FileHooks }
  | { ok: false; status: 403 | 404; code: "not-found" | "expired"; message: string };

const NOT_FOUND = { ok: false, status: 404, code: "not-found", message: DOWNLOAD_ERRORS["not-found"] } as const;
const EXPIRED = { ok: false, status: 403, code: "expired", message: DOWNLOAD_ERRORS.expired } as const;

/**
 * What a signed file link may serve, checked on every request: the document
 * (or the attachment's document) must still be published, the link's
 * signature must match and it must not have expired or been outlived by a
 * newer file.
 */
export async function resolveSignedFile(ctx: AppContext, kind: LinkKind, id: string, query: URLSearchParams): Promise<SignedFile> {
  const found = kind === "document" ? await signedDocumentFile(ctx, id) : await signedAttachmentFile(ctx, id);
  if (!found) return NOT_FOUND;
  const verdict = verifyLink(await signingSecret(ctx), { kind, id, version: found.version }, query, ctx.now());
  if (!verdict.ok) return EXPIRED;
  const { version: _version, hooks, ...file } = found;
  return {
    ok: true,
    file: { ...file, disposition: verdict.disposition === "inline" && mayBeInline(file.mimeType) ? "inline" : "attachment" },
    hooks,
  };
}

type Found = Omit<StoredFile, "disposition"> & { version: string; hooks: FileHooks };

async function signedDocumentFile(ctx: AppContext, id: string): Promise<Found | null> {
  const doc = await findDownloadable(ctx, id, { staff: false });
  if (!doc?.file_path || doc.size === null) return null;
  return {
    key: doc.file_path,
    size: doc.size,
    sha256: doc.sha256,
    mimeType: doc.mime_type ?? mimeForExtension(doc.file_ext),
    fileName: downloadFileName(doc),
    version: fileVersion(doc),
    hooks: fileMissingHooks(ctx, doc),
  };
}

async function signedAttachmentFile(ctx: AppContext, id: string): Promise<Found | null> {
  const found = await findDownloadableAttachment(ctx, id, { staff: false });
  if (!found) return null;
  const { attachment } = found;
  // Attachments carried over from the old content items may lack a recorded size.
  const size = attachment.file_size ?? (await ctx.storage.stat(attachment.file_path).catch(() => null))?.size;
  if (size === undefined) return null;
  const ext = extensionOf(attachment.file_path);
  return {
    key: attachment.file_path,
    size,
    sha256: attachment.sha256,
    mimeType: attachment.mime_type ?? mimeForExtension(ext),
    fileName: downloadFileName({ title: attachment.label, file_path: attachment.file_path, mime_type: attachment.mime_type }),
    version: fileVersion(attachment),
    // Only documents keep a missing-file mark; a missing attachment is still answered with the spec's text.
    hooks: {},
  };
}

/** The response of a signed file route: the file (Range, ETag), or the spec's text as a plain-text 403/404. */
export async function signedFileResponse(ctx: AppContext, request: Request, kind: LinkKind, id: string): Promise<Response> {
  const result = await resolveSignedFile(ctx, kind, id, new URL(request.url).searchParams);
  if (!result.ok) return downloadErrorResponse(result.status, result.code);
  return fileResponse(request, ctx.storage, result.file, result.hooks);
}
