import type { IncomingMessage, ServerResponse } from "node:http";
import type express from "express";
import type { RequestHandler } from "react-router";
import type { AppContext } from "~/.server/context";
import { openAccessLine } from "~/.server/http/access-log";
import { CSP_HEADER, loadContextWithNonce, pageFrameOrigins } from "~/.server/http/content-security";
import {
  type CachedPage,
  cachedPage,
  chooseEncoding,
  isCacheablePath,
  isStorable,
  type PageCache,
  pageCacheKey,
} from "~/.server/http/page-cache";
import { requestShapeRefusal, withQueryNulReplaced } from "~/.server/http/request-shape";
import { addressOf, requestProtocol, requestUrl, webRequest } from "./request-handler";

/**
 * Serves the anonymous page cache (app/.server/http/page-cache.ts, decision 0029) in front of
 * React Router: a request it may answer is answered from the cache, or rendered once without a
 * nonce, buffered, compressed and kept; every other request goes on to the usual handler.
 *
 * `X-Page-Cache` says which: `hit`, `miss` (rendered and kept) or `bypass` (rendered for this
 * request only: not a 200, or an answer that must not be kept).
 */
export function pageCacheHandler(ctx: AppContext, render: RequestHandler, cache: PageCache): express.RequestHandler {
  const inFlight = new Map<string, Promise<Rendered>>();
  // Any change anywhere empties it: which pages show a document (lists, counts, facets, search,
  // the home page) is too wide a question to answer per event, and a render costs milliseconds.
  ctx.events.subscribe((event) => {
    if (event.type !== "test.ping") cache.clear();
  });

  return async (req, res, next) => {
    // Most requests are none of the cache's: they go on before any parsing.
    if (req.method !== "GET" || !isCacheablePath(req.path)) return next();
    const url = requestUrl(req);
    // A Host no URL can be made of is left to the usual handler (and its refusal).
    if (!url) return next();
    const key = keyOf(req, url, req.originalUrl, req.path);
    if (key === null) return next();
    // While the bus is reconnecting, another instance's changes may go unheard: nothing cached
    // then is trusted, and pages are rendered per request until it listens again.
    if (!ctx.events.mode.listening) {
      cache.clear();
      return next();
    }
    try {
      const hit = cache.get(key);
      if (hit) return send(req, res, hit, "hit");
      // Visitors who ask while the page is being rendered (the first seconds after a change empty
      // the cache, and a busy page gets dozens of requests in a render's time) wait for that one
      // render rather than each starting their own. Only within one generation: a request made
      // after a change never gets a page rendered before it.
      const flightKey = `${cache.generation}\n${key}`;
      const flying = inFlight.get(flightKey);
      if (flying) {
        const shared = await flying;
        if (shared.storable) return send(req, res, shared.page, "hit");
      }
      const rendering = renderForCache(req, url, key);
      if (!flying) {
        inFlight.set(flightKey, rendering);
        void rendering.finally(() => inFlight.delete(flightKey)).catch(() => {});
      }
      const { page, storable, cookies, kept } = await rendering;
      // A page not for everyone (not kept) may carry this visitor's cookies; a kept one never has any.
      if (!storable) for (const cookie of cookies) res.append("Set-Cookie", cookie);
      send(req, res, page, kept ? "miss" : "bypass");
    } catch (error) {
      next(error);
    }
  };

  /** Renders a page without a nonce, buffered and compressed, and keeps it when it is for everyone. */
  async function renderForCache(req: express.Request, url: URL, key: string): Promise<Rendered> {
    const generation = cache.generation;
    const loadContext = loadContextWithNonce(null);
    // Not tied to this visitor's connection: a page rendered for one who left serves the next.
    const response = await render(webRequest(req, url), loadContext);
    const body = Buffer.from(await response.arrayBuffer());
    const page = await cachedPage(response.status, response.headers, body, pageFrameOrigins(loadContext), cache.now());
    const storable = isStorable(response.status, response.headers);
    const kept = storable && cache.set(key, page, generation);
    return { page, storable, kept, cookies: response.headers.getSetCookie() };
  }
}

/**
 * The cache's hits answered before Express (decision 0029): a request-listener step that answers
 * an anonymous GET whose page is stored, or returns false and leaves the request untouched for
 * Express (which renders a miss through pageCacheHandler). Express's routing and its request and
 * response objects cost more than sending a stored page (measured: a bare Express app with a few
 * middlewares had a p99 of 47 ms at 32 connections where a bare Node server had 13 ms), so a hit
 * does here, with the same functions, only what every answer needs: the request id and access
 * line, the security headers, and the stored bytes. Any request it is unsure of (a malformed
 * one, an address that is not the cache's, a Host no URL can be made of) goes to Express, whose
 * key for the same request is the same.
 */
export function pageCacheFront(
  ctx: AppContext,
  cache: PageCache,
  options: {
    trustProxy: (address: string | undefined, hop: number) => boolean;
    /** The headers every answer carries (server/http.ts). */
    securityHeaders: (res: ServerResponse, secure: boolean) => void;
  },
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== "GET" || req.url === undefined || !ctx.events.mode.listening) return false;
    const query = req.url.indexOf("?");
    const pathname = query === -1 ? req.url : req.url.slice(0, query);
    if (!isCacheablePath(pathname)) return false;
    const host = req.headers.host;
    if (requestShapeRefusal({ host, path: pathname }) !== null) return false;
    // A NUL in the query is rewritten by Express before the key is made; such a request is left to it.
    if (withQueryNulReplaced(req.url) !== req.url) return false;
    const protocol = requestProtocol(req, options.trustProxy);
    const url = addressOf(protocol, host, req.url);
    if (!url) return false;
    const key = keyOf(req, url, req.url, pathname);
    if (key === null) return false;
    const hit = cache.get(key);
    if (!hit) return false;
    openAccessLine(ctx.log, req, res, options.trustProxy(req.socket.remoteAddress, 0));
    options.securityHeaders(res, protocol === "https");
    send(req, res, hit, "hit");
    return true;
  };
}

/**
 * A request's key, one function for both ways in (before Express and inside it), so a page stored
 * by one is found by the other. Node joins a repeated header into one string (only Set-Cookie,
 * which requests do not send, stays a list).
 */
function keyOf(req: IncomingMessage, url: URL, pathAndQuery: string, pathname: string): string | null {
  return pageCacheKey({
    method: req.method ?? "",
    origin: url.origin,
    url: pathAndQuery,
    pathname,
    cookie: req.headers.cookie,
    authorization: req.headers.authorization,
    saveData: req.headers["save-data"] as string | undefined,
    acceptLanguage: req.headers["accept-language"],
  });
}

interface Rendered {
  page: CachedPage;
  /** For everyone (a 200 without cookies that may be stored), whether or not the cache kept it. */
  storable: boolean;
  kept: boolean;
  cookies: string[];
}

function send(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: "hit" | "miss" | "bypass"): void {
  res.statusCode = page.status;
  // Stored from a Headers object, so each name once (and never Set-Cookie): set, not appended.
  for (const [name, value] of page.headers) res.setHeader(name, value);
  // No per-response nonce policy is made for what the cache answers: these bytes are the same
  // for everyone, and the policy names the hashes of their inline scripts.
  res.setHeader(CSP_HEADER, page.policy);
  res.setHeader("ETag", page.etag);
  // The answer differs by encoding, a visitor with a session cookie gets another page, a data
  // saver another one (decision 0030), and so does a reader of another language (decision 0031).
  res.setHeader("Vary", "Accept-Encoding, Cookie, Save-Data, Accept-Language");
  res.setHeader("X-Page-Cache", state);
  const known = (req.headers["if-none-match"] ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (page.status === 200 && known.includes(page.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const body = page.body[encoding];
  // Stored compressed: no compression work per visitor (the compression middleware comes later).
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}
