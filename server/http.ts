import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import type { AppContext } from "~/.server/context";
import { frameOrigins } from "~/.server/dashboards/dashboards.service";
import { checkHealth } from "~/.server/health";
import { CLIENT_IP_HEADER } from "~/.server/http/request-meta";

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

/** The production build's browser files: fingerprinted assets cached for a year, the rest for an hour. */
export function builtAssets(clientDir: string): express.RequestHandler {
  const router = express.Router();
  router.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  router.use(express.static(clientDir, { maxAge: "1h", index: false }));
  return router;
}

/**
 * The HTTP layer: security headers, compression, static assets, health, and
 * the React Router request handler. Routes and services live in app/.
 */
export function createHttpApp(ctx: AppContext, source: AppSource): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY, default: this
  // machine's loopback); behind a load balancer elsewhere, its address must be listed (docs/deploy.md).
  app.set("trust proxy", ctx.config.trustProxy);

  app.use(async (req, res, next) => {
    // Public dashboards are embedded from their own hosts; the list is cached, so this is cheap.
    const dashboardOrigins = await frameOrigins(ctx);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        // React Router's hydration data is an inline script.
        "script-src 'self' 'unsafe-inline'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: https:",
        "connect-src 'self'",
        ["frame-src 'self'", ...dashboardOrigins].join(" "),
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join("; "),
    );
    // Only the address Express trusts reaches the app; a client-sent value is dropped.
    req.headers[CLIENT_IP_HEADER] = req.ip ?? "";
    next();
  });

  // Compresses HTML, JSON, CSS and JS; responses marked no-transform (files) are left alone.
  app.use(
    compression({
      filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
    }),
  );

  app.get("/healthz", async (_req, res) => {
    const report = await checkHealth(ctx, { activeProbes: false });
    res
      .status(report.status === "ok" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(report);
  });

  app.use(source.assets);
  app.use(createRequestHandler({ build: source.build, mode: source.mode }));
  return app;
}
