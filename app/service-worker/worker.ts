/**
 * The service worker, served at /sw.js (decision 0036). Built on its own by esbuild when the app
 * is built (build-worker.ts), with the release's id in it: a new release is a new worker, whose
 * activation deletes the old release's caches. What it does with each request is decided in
 * rules.ts; this file applies it.
 */
import {
  assetsNamedIn,
  handlingOf,
  isSignOut,
  isStaleCache,
  mayKeep,
  OFFLINE_PATH,
  offlineAddress,
  PRECACHED_PATHS,
  rangeOf,
  releaseCaches,
  SAVED_CACHE,
  SAVED_HEADERS,
} from "./rules";

declare const BUILD_ID: string;

/** The parts of the service worker's global scope this file uses (the DOM library has no types for it). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
}
const scope = self as unknown as WorkerScope;
const caches_ = releaseCaches(BUILD_ID);
const origin = scope.location.origin;

function keepable(response: Response): boolean {
  return mayKeep({
    status: response.status,
    type: response.type,
    cacheControl: response.headers.get("Cache-Control"),
    vary: response.headers.get("Vary"),
  });
}

/** The offline and Saved pages in the reader's language, and the scripts they name. */
async function precache(): Promise<void> {
  const [pages, assets] = await Promise.all([caches.open(caches_.pages), caches.open(caches_.assets)]);
  for (const path of PRECACHED_PATHS) {
    const response = await fetch(path, { cache: "no-store" });
    if (!keepable(response)) continue;
    const html = await response.clone().text();
    await pages.put(path, response);
    await Promise.all(
      assetsNamedIn(html).map(async (asset) => {
        if (await assets.match(asset)) return;
        const file = await fetch(asset);
        if (keepable(file)) await assets.put(asset, file);
      }),
    );
  }
}

/** A saved text view names the release's scripts: a new release fetches it again so that it keeps working. */
async function refreshSavedTextViews(): Promise<void> {
  const saved = await caches.open(SAVED_CACHE);
  for (const request of await saved.keys()) {
    const old = await saved.match(request);
    if (old?.headers.get(SAVED_HEADERS.kind) !== "text") continue;
    try {
      const fresh = await fetch(request.url, { cache: "no-store" });
      if (!keepable(fresh)) continue;
      const headers = new Headers(fresh.headers);
      for (const name of Object.values(SAVED_HEADERS)) headers.set(name, old.headers.get(name) ?? "");
      const body = await fresh.blob();
      headers.set(SAVED_HEADERS.size, String(body.size));
      await saved.put(request, new Response(body, { status: 200, headers }));
    } catch {
      // Offline at the release's arrival: the old copy stays (readable without its scripts).
    }
  }
}

scope.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => scope.skipWaiting()));
});

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => isStaleCache(name, BUILD_ID)).map((name) => caches.delete(name)));
      await scope.clients.claim();
      await refreshSavedTextViews();
    })(),
  );
});

/** Work that goes on after the answer was given (the fetch event's waitUntil). */
type Later = (work: Promise<unknown>) => void;

/**
 * Keeps a copy when the device has room, once the answer is on its way (a page is shown as it
 * streams in, not after it is stored); a full device still gets the answer itself.
 */
function keep(later: Later, cacheName: string, request: Request, response: Response): void {
  later(
    caches
      .open(cacheName)
      .then((cache) => cache.put(request, response))
      .catch(() => {}),
  );
}

async function assetFirst(request: Request, later: Later): Promise<Response> {
  const cached = await caches.match(request, { cacheName: caches_.assets }).catch(() => undefined);
  if (cached) return cached;
  const response = await fetch(request);
  if (keepable(response)) keep(later, caches_.assets, request, response.clone());
  return response;
}

async function networkFirst(request: Request, later: Later): Promise<Response> {
  const isNavigation = request.mode === "navigate";
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await caches.match(request, { cacheName: caches_.pages, ignoreVary: true }).catch(() => undefined);
    const cached = kept ?? (isNavigation ? await savedCopy(request) : undefined);
    if (cached) return cached;
    if (!isNavigation) throw error;
    // The offline page at its own address: served at another, the page's script would start the
    // router on an address its data is not for.
    const url = new URL(request.url);
    if (url.pathname !== OFFLINE_PATH) return Response.redirect(offlineAddress(url), 302);
    const offline = await caches.match(OFFLINE_PATH, { cacheName: caches_.pages, ignoreVary: true }).catch(() => undefined);
    if (offline) return offline;
    throw error;
  }
  if (keepable(response)) keep(later, caches_.pages, request, response.clone());
  // A page that may not be kept (a signed-in answer) must not leave an older copy behind either.
  else if (response.status === 200)
    later(
      caches
        .open(caches_.pages)
        .then((cache) => cache.delete(request))
        .catch(() => {}),
    );
  return response;
}

function savedCopy(request: Request): Promise<Response | undefined> {
  return caches.match(request.url, { cacheName: SAVED_CACHE, ignoreVary: true }).catch(() => undefined);
}

/** A saved file, whole or the range asked for; anything not saved goes to the network untouched. */
async function savedFileOrNetwork(request: Request): Promise<Response> {
  const saved = await savedCopy(request);
  if (!saved) return fetch(request);
  const range = rangeOf(request.headers.get("Range"), Number(saved.headers.get(SAVED_HEADERS.size) ?? "0"));
  if (range.kind === "full") return saved;
  const body = await saved.blob();
  const headers = new Headers(saved.headers);
  if (range.kind === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${body.size}` } });
  }
  headers.set("Content-Range", `bytes ${range.start}-${range.end}/${body.size}`);
  headers.set("Content-Length", String(range.end - range.start + 1));
  return new Response(body.slice(range.start, range.end + 1), { status: 206, headers });
}

/** Every kept page but the offline and Saved pages (they hold nothing of anyone's). */
async function forgetPages(): Promise<void> {
  const pages = await caches.open(caches_.pages);
  const precached = new Set<string>(PRECACHED_PATHS.map((path) => new URL(path, origin).href));
  await Promise.all((await pages.keys()).filter((request) => !precached.has(request.url)).map((request) => pages.delete(request)));
}

scope.addEventListener("fetch", (event) => {
  const { request } = event;
  if (isSignOut(request.url)) {
    // The pages kept were anonymous ones, but a shared device's next reader starts from nothing.
    event.waitUntil(forgetPages());
    return;
  }
  const later: Later = (work) => event.waitUntil(work);
  switch (handlingOf(request, origin)) {
    case "asset":
      return event.respondWith(assetFirst(request, later));
    case "page":
      return event.respondWith(networkFirst(request, later));
    case "file":
      return event.respondWith(savedFileOrNetwork(request));
    case "network":
      return;
  }
});
