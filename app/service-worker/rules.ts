/**
 * What the service worker (worker.ts) does with each request, as pure functions the unit tests
 * can reach (decision 0036). The worker itself only applies these answers.
 */

/** Every cache this site's worker makes starts with this; anything else on the origin is not ours. */
export const CACHE_PREFIX = "portal-";
/** Saved documents: the reader's choice, kept across releases until the reader removes them. */
export const SAVED_CACHE = `${CACHE_PREFIX}saved`;

/** The caches of one release: a new release makes new ones and deletes these at its activation. */
export function releaseCaches(buildId: string): { pages: string; assets: string } {
  return { pages: `${CACHE_PREFIX}pages-${buildId}`, assets: `${CACHE_PREFIX}assets-${buildId}` };
}

/** Caches of an older release (or of no release this worker knows): deleted when a new worker activates. */
export function isStaleCache(name: string, buildId: string): boolean {
  if (!name.startsWith(CACHE_PREFIX) || name === SAVED_CACHE) return false;
  const current = releaseCaches(buildId);
  return name !== current.pages && name !== current.assets;
}

/** The pages precached at install, in the reader's language: what is shown when a page is not on the device. */
export const OFFLINE_PATH = "/offline";
export const SAVED_PATH = "/saved";
export const PRECACHED_PATHS = [OFFLINE_PATH, SAVED_PATH] as const;

/** Where a page that is not on the device sends the reader: the offline page, saying which page it was. */
export function offlineAddress(url: URL): string {
  return `${OFFLINE_PATH}?${new URLSearchParams({ from: `${url.pathname}${url.search}` })}`;
}

/**
 * - `asset`: fingerprinted build files, cache first (a new build names new files).
 * - `page`: a page or React Router's data for one (`.data`, `/__manifest`), or a page a page's
 *   script fetches to show what changed (decision 0038: asked for as `text/html`): network first,
 *   the cache when the network fails; for a page load, then a saved copy, then the offline page.
 * - `file`: a document's file: the saved copy when the reader saved it, else the network.
 * - `network`: the worker stays out of it (the browser does what it would without a worker).
 */
export type Handling = "asset" | "page" | "file" | "network";

export interface RequestFacts {
  method: string;
  url: string;
  /** `navigate` for the browser's own page loads. */
  mode: string;
  /** Its headers: a page's script fetching a page asks for `text/html` (app/enhance/page-refresh.ts). */
  headers?: { get(name: string): string | null };
}

/**
 * Never kept, whatever the answer says: the admin portal (signed-in pages, share tokens, backups),
 * share-token addresses (a revoked link must stop working), live updates, signed short-lived file
 * links, and the session's and preferences' answers.
 */
const NEVER = [
  /^\/admin(?:[/.]|$)/,
  /^\/shared\//,
  /^\/api\/events(?:[/.]|$)/,
  /^\/api\/files\//,
  /^\/api\/attachments\//,
  /^\/preferences\//,
];

const FILE = [/^\/api\/documents\/[^/]+\/download$/, /^\/api\/document\/[^/]+\/download\/file$/];

export function handlingOf(request: RequestFacts, origin: string): Handling {
  if (request.method !== "GET") return "network";
  const url = new URL(request.url);
  if (url.origin !== origin) return "network";
  const path = url.pathname;
  if (NEVER.some((pattern) => pattern.test(path))) return "network";
  if (path.startsWith("/assets/")) return "asset";
  if (FILE.some((pattern) => pattern.test(path))) return "file";
  if (request.mode === "navigate" || isPageFetch(request) || path.endsWith(".data") || path === "/__manifest") return "page";
  return "network";
}

/** A page's script asking for a page's HTML (a list's refresh, live updates: app/enhance/page-refresh.ts). */
function isPageFetch(request: RequestFacts): boolean {
  return /^text\/html\b/i.test(request.headers?.get("Accept") ?? "");
}

export interface ResponseFacts {
  status: number;
  /** `basic` for this origin's answers; `opaqueredirect` for a redirected navigation. */
  type: string;
  cacheControl: string | null;
  vary: string | null;
}

/**
 * Whether an answer may be kept on the device: a complete same-origin 200 the server did not mark
 * `no-store` (every answer to a signed-in request is, and everything under /admin: root.tsx's
 * noStoreForStaff), nor `private` with `no-cache` for pages (none today, but it would mean "ask me").
 */
export function mayKeep(response: ResponseFacts): boolean {
  if (response.status !== 200 || response.type !== "basic") return false;
  if (/\bno-store\b/i.test(response.cacheControl ?? "")) return false;
  return !(response.vary ?? "").split(",").some((name) => name.trim() === "*");
}

/** Signing out (the form's post, or its client-side `.data` post): the worker drops the pages it kept. */
export function isSignOut(url: string): boolean {
  return /^\/admin\/logout(?:\.data)?$/.test(new URL(url).pathname);
}

/** The `/assets/…` files a page names (its scripts and preloads): precached with the offline pages. */
export function assetsNamedIn(html: string): string[] {
  return [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css|woff2?|svg|png)/g) ?? [])];
}

export type ByteRange = { kind: "full" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

/** One `bytes=` range of a saved file (PDF viewers ask for ranges); several ranges get the whole file. */
export function rangeOf(header: string | null, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? "").trim());
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

/** What a saved entry says about itself, in headers of the stored answer (the cache has no other place). */
export const SAVED_HEADERS = {
  kind: "X-Offline-Kind",
  document: "X-Offline-Document",
  title: "X-Offline-Title",
  size: "X-Offline-Size",
} as const;
export type SavedKind = "file" | "text";
