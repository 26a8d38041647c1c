import type { RequestListener, Server, ServerResponse } from "node:http";
import compression from "compression";
import express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { AppContext } from "~/.server/context";
import { accessLog } from "~/.server/http/access-log";
import { bodyRefusal, isUploadRoute } from "~/.server/http/body-limit";
import { expressErrorLogger } from "~/.server/http/error-log";
import { healthz } from "~/.server/http/healthz";
import { crossSiteRefusal, crossSiteRefused, originOf } from "~/.server/http/origins";
import { PageCache } from "~/.server/http/page-cache";
import { CLIENT_IP_HEADER } from "~/.server/http/request-meta";
import { bodyTypeRefusal, EMPTY_FORM_TYPE, requestShapeRefusal, withQueryNulReplaced } from "~/.server/http/request-shape";
import { i18nFor, languageOfHeaders, runInLanguage } from "~/.server/i18n/i18n";
import { isBuiltAsset } from "./built-assets";
import { contentSecurity, pageLoadContext } from "./content-security";
import { pageCacheFront, pageCacheHandler } from "./page-cache";
import { reactRouterHandler } from "./request-handler";

/**
 * Where the app's code and browser assets come from: the production build (`portal serve`), or
 * Vite compiling sources on request (`npm run dev`, server/dev.ts). Everything else, headers
 * included, is the same in both.
 */
export interface AppSource {
  mode: "production" | "development";
  /** The React Router build, or a function that loads the current one (development: on every request). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Serves the browser's files: the built client folder, or Vite's middlewares. */
  assets: express.RequestHandler;
}

/**
 * How long a connection may stay silent (no byte in or out) before it is closed: an upload over a
 * thin link sends something every few seconds, a download likewise, and a live-update stream
 * sends a heartbeat every 25 s.
 */
export const IDLE_TIMEOUT_MS = 120_000;
/** How long a request that takes no file may take to send its (at most 64 KB) body. */
export const FORM_BODY_TIMEOUT_MS = 60_000;

/**
 * Node ends a request whose body has not fully arrived after 300 s (`requestTimeout`): a 50 MB
 * upload slower than about 170 KB/s failed, and field staff upload over such links. Uploads are
 * now ended only when their bytes stop arriving (the socket's idle timeout); the other requests
 * keep a limit on the time to send their small bodies (FORM_BODY_TIMEOUT_MS, in the app).
 */
export function applyServerTimeouts(server: Server, idleMs = IDLE_TIMEOUT_MS): void {
  server.requestTimeout = 0;
  server.setTimeout(idleMs, (socket) => socket.destroy());
}

/**
 * The HTTP layer: security headers, compression, static assets, health, and
 * the React Router request handler. Routes and services live in app/.
 */
export function createHttpApp(
  ctx: AppContext,
  source: AppSource,
  {
    bodyTimeoutMs = FORM_BODY_TIMEOUT_MS,
    pageCache = source.mode === "production",
  }: {
    bodyTimeoutMs?: number;
    /** Whether anonymous pages are cached (decision 0029): not while sources change under `npm run dev`. */
    pageCache?: boolean;
  } = {},
): RequestListener {
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For and X-Forwarded-Proto are believed only from the configured proxies
  // (TRUST_PROXY, default: this machine's loopback); behind a load balancer elsewhere, its address
  // must be listed (docs/deploy.md). X-Forwarded-Host never is: see below.
  app.set("trust proxy", ctx.config.trustProxy);
  const publicOrigin = originOf(ctx.config.publicUrl);
  // First: every answer, refusals included, gets a request id and an access line.
  app.use(accessLog(ctx.log));
  // Then the reader's language, for every text composed from here on, refusals included
  // (serverI18n; decision 0031).
  app.use((req, _res, next) => runInLanguage(i18nFor(languageOfHeaders(req.headers.cookie, req.headers["accept-language"])), next));

  // Requests no browser sends (no Host; NUL or line breaks in the path) end here with a 400.
  app.use((req, res, next) => {
    const refusal = requestShapeRefusal({ host: req.get("host"), path: req.path });
    if (!refusal) {
      // React Router builds the request from originalUrl; Express's own routing reads url.
      req.url = withQueryNulReplaced(req.url);
      req.originalUrl = withQueryNulReplaced(req.originalUrl);
      return next();
    }
    res.status(refusal.status).type("text/plain").set({ "Cache-Control": "no-store", Connection: "close" }).send(refusal.message);
  });

  app.use((req, res, next) => {
    securityHeaders(res, req.secure);
    // Only the address Express trusts reaches the app; a client-sent value is dropped.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    // A proxy passes a client's X-Forwarded-Host on unless told not to, and Express would take it
    // as the request's host (its `trust proxy`): the app sees only the Host the browser used
    // (decision 0021).
    delete req.headers["x-forwarded-host"];
    next();
  });

  // One React Router handler, for the pages the cache renders and for everything else.
  const render = createRequestHandler(source.build, source.mode);
  // The anonymous page cache (decision 0029): its hits are answered before Express (below); what
  // reaches Express is rendered here, as early as it safely can be: after the request id, the
  // access line and the security headers, before the per-response nonce, the origin and body
  // checks (which let every GET through) and compression (its pages are stored compressed).
  const { seconds, megabytes } = ctx.config.pageCache;
  const cache = pageCache && seconds > 0 ? new PageCache({ maxAgeMs: seconds * 1000, maxBytes: megabytes * 1024 * 1024 }) : null;
  if (cache) app.use(pageCacheHandler(ctx, render, cache));

  // A nonce and the Content-Security-Policy built on it, new for every response.
  app.use(contentSecurity());

  // The one origin check of every request that may change something, on every route (forms,
  // resource routes, uploads): a page of another site gets 403 before any route runs.
  app.use((req, res, next) => {
    const ownOrigin = originOf(`${req.protocol}://${req.get("host") ?? ""}`);
    const allowed = [publicOrigin, ownOrigin].filter((o): o is string => o !== null);
    const refusal = crossSiteRefusal({ method: req.method, origin: req.get("origin"), referer: req.get("referer"), allowed });
    if (!refusal) return next();
    ctx.log.warn({ method: req.method, path: req.path, ip: req.ip, reason: refusal }, "cross-site request refused");
    res.status(403).type("text/plain").set("Cache-Control", "no-store").send(crossSiteRefused());
  });

  // Bodies are bounded before anything reads them: uploads by their routes, everything else here.
  app.use((req, res, next) => {
    const hasBody = (req.get("content-length") ?? "0") !== "0" || req.get("transfer-encoding") !== undefined;
    const refusal =
      bodyRefusal({
        method: req.method,
        pathname: req.path,
        contentLength: req.get("content-length"),
        transferEncoding: req.get("transfer-encoding"),
      }) ??
      // Upload routes too: they take the same two form types (multipart with a file, or a plain
      // form), and a body of another type would fail in their action's formData() with a 500.
      bodyTypeRefusal({ method: req.method, contentType: req.get("content-type"), hasBody });
    if (!refusal && !hasBody && !req.get("content-type") && req.method !== "GET" && req.method !== "HEAD") {
      req.headers["content-type"] = EMPTY_FORM_TYPE;
    }
    if (!refusal) {
      // A small body that takes longer than this to arrive is someone holding the connection.
      if (req.method !== "GET" && req.method !== "HEAD" && !isUploadRoute(req.path) && !req.complete) {
        const timer = setTimeout(() => req.socket.destroy(), bodyTimeoutMs);
        timer.unref();
        const done = () => clearTimeout(timer);
        req.once("end", done);
        req.once("close", done);
        res.once("finish", done);
      }
      return next();
    }
    // Closing the connection spares reading (and discarding) the body that was not wanted.
    res.status(refusal.status).type("text/plain").set({ "Cache-Control": "no-store", Connection: "close" }).send(refusal.message);
  });

  // Compresses pages and JSON as they are sent. Left alone: responses marked no-transform (files),
  // event streams, and the built browser files, which the build compressed already (built-assets.ts).
  app.use(
    compression({
      filter: (req, res) =>
        !isBuiltAsset(res) && !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );

  app.get("/healthz", healthz(ctx));

  app.use(source.assets);
  app.use(reactRouterHandler({ render, getLoadContext: pageLoadContext }));
  // Last: what failed outside React Router is one log line, not a stack on stderr.
  app.use(expressErrorLogger(ctx.log));
  if (!cache) return app;
  const hits = pageCacheFront(ctx, cache, { trustProxy: app.get("trust proxy fn"), securityHeaders });
  return (req, res) => {
    if (!hits(req, res)) app(req, res);
  };
}

/** The headers every answer carries, whoever answers it (Express, or the page cache's hits). */
function securityHeaders(res: ServerResponse, secure: boolean): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  // Over https only (TLS here, or X-Forwarded-Proto from a trusted proxy): over plain http a
  // browser ignores it, and a portal reached only by http must not be pinned to https.
  if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
