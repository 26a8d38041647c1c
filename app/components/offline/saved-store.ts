/**
 * Saved documents on this device (decision 0036): each is its file, and its text view when it has
 * one, in the Cache Storage the service worker answers from when there is no connection. What an
 * entry is (its document, title, size) is written in headers of the stored answer.
 *
 * On a hydrated page, loaded only when a reader saves (a dynamic import), never with the other
 * pages' scripts. The Saved page, which does not hydrate (decision 0038), has it in its
 * enhancements (app/enhance/saved-list.ts): that page must work offline, and the service worker
 * keeps the scripts a page names, not those they load later.
 */
import { SAVED_CACHE, SAVED_HEADERS, type SavedKind } from "~/service-worker/rules";

/** The download button's address (download-button.tsx), written again so this chunk does not take the button's code with it. */
function downloadHref(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/download`;
}

export interface SaveRequest {
  documentId: string;
  title: string;
  /** The file's size as the server knows it: the room asked for before anything is downloaded. */
  size: number;
  /** The text view's address, and its extracted text's size (an estimate of the page's). */
  text: { href: string; chars: number } | null;
}

export type SaveResult = { ok: true } | { ok: false; reason: "no-room"; needed: number; free: number } | { ok: false; reason: "failed" };

/** A text view page weighs its text plus the page around it (about 64 KB with its inline styles). */
const PAGE_AROUND_TEXT = 64 * 1024;

async function freeBytes(): Promise<number> {
  const { usage = 0, quota = Number.POSITIVE_INFINITY } = (await navigator.storage?.estimate?.()) ?? {};
  return Math.max(0, quota - usage);
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "QuotaExceededError";
}

async function stored(response: Response, meta: { kind: SavedKind; documentId: string; title: string }): Promise<Response> {
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set(SAVED_HEADERS.kind, meta.kind);
  headers.set(SAVED_HEADERS.document, meta.documentId);
  // Header values are Latin-1: the title is kept URI-encoded.
  headers.set(SAVED_HEADERS.title, encodeURIComponent(meta.title));
  headers.set(SAVED_HEADERS.size, String(body.size));
  return new Response(body, { status: 200, headers });
}

/**
 * Saves a document's file and text view. The room is checked first, against the sizes the page
 * knows, so that a refusal costs no download; the first save asks the browser to keep saved
 * documents when it runs short of space (`persist`).
 */
export async function saveDocument(request: SaveRequest): Promise<SaveResult> {
  const needed = request.size + (request.text ? request.text.chars + PAGE_AROUND_TEXT : 0);
  const free = await freeBytes();
  if (free < needed) return { ok: false, reason: "no-room", needed, free };
  const cache = await caches.open(SAVED_CACHE);
  if ((await cache.keys()).length === 0) void navigator.storage?.persist?.().catch(() => false);
  const meta = { documentId: request.documentId, title: request.title };
  const fileHref = downloadHref(request.documentId);
  try {
    const file = await fetch(fileHref, { cache: "no-store", credentials: "same-origin" });
    if (!file.ok) return { ok: false, reason: "failed" };
    const entries: [string, Response][] = [[fileHref, await stored(file, { ...meta, kind: "file" })]];
    if (request.text) {
      const page = await fetch(request.text.href, { cache: "no-store", credentials: "same-origin", headers: { Accept: "text/html" } });
      if (page.ok) entries.push([request.text.href, await stored(page, { ...meta, kind: "text" })]);
    }
    for (const [href, response] of entries) await cache.put(href, response);
    return { ok: true };
  } catch (error) {
    if (isQuotaError(error)) {
      await removeDocument(request.documentId);
      return { ok: false, reason: "no-room", needed, free: await freeBytes() };
    }
    return { ok: false, reason: "failed" };
  }
}

export interface SavedDocument {
  documentId: string;
  title: string;
  file: { href: string; size: number } | null;
  text: { href: string; size: number } | null;
}

/** What is saved on this device, one entry per document, in the order they were saved. */
export async function savedDocuments(): Promise<SavedDocument[]> {
  if (!("caches" in window)) return [];
  const cache = await caches.open(SAVED_CACHE);
  const byDocument = new Map<string, SavedDocument>();
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    const documentId = response?.headers.get(SAVED_HEADERS.document);
    if (!response || !documentId) continue;
    const entry = byDocument.get(documentId) ?? {
      documentId,
      title: decodeURIComponent(response.headers.get(SAVED_HEADERS.title) ?? ""),
      file: null,
      text: null,
    };
    const part = { href: new URL(request.url).pathname, size: Number(response.headers.get(SAVED_HEADERS.size) ?? "0") };
    if (response.headers.get(SAVED_HEADERS.kind) === "text") entry.text = part;
    else entry.file = part;
    byDocument.set(documentId, entry);
  }
  return [...byDocument.values()];
}

export async function isSaved(documentId: string): Promise<boolean> {
  if (!("caches" in window)) return false;
  return !!(await (await caches.open(SAVED_CACHE)).match(downloadHref(documentId)));
}

/** Removes a document's file and text view from the device. */
export async function removeDocument(documentId: string): Promise<void> {
  const cache = await caches.open(SAVED_CACHE);
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response?.headers.get(SAVED_HEADERS.document) === documentId) await cache.delete(request);
  }
}
