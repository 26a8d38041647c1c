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
 * The HTTP layer: security headers, compression, static assets, health, and
 * the React Router request handler. Routes and services live in app/.
 */
export function createHttpApp(ctx: AppContext, build: ServerBuild, clientDir: string): express.Express {
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

  // Fingerprinted build assets never change: cache them for a year.
  app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(clientDir, { maxAge: "1h", index: false }));

  app.use(createRequestHandler({ build, mode: "production" }));
  return app;
}
