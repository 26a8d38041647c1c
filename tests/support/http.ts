import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pino, { type Logger } from "pino";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer, type ViteDevServer } from "vite";
import type { AppContext } from "~/.server/context";
import { withTypegenLock } from "./typegen-lock";

/**
 * The real HTTP stack for integration tests: the Express app of production (server/http.ts:
 * headers, compression, the React Router request handler) with the routes compiled by Vite, as
 * `npm run dev` serves them, listening on a free port of 127.0.0.1.
 *
 * Vite loads the server modules in a module graph of its own, so the routes' `app()` context is
 * a second instance on the test's database (opened here with the test context's configuration):
 * what the test writes through its context, the routes read as another instance would.
 */

const root = path.resolve(import.meta.dirname, "..", "..");

export interface HttpApp {
  /** http://127.0.0.1:port */
  origin: string;
  get(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  /**
   * The routes' own context (the "instance" answering): on SQLite its event bus is not the test's
   * context's, so a change whose event the routes must hear is made through this one.
   */
  ctx: AppContext;
  /** Stops listening and closes the routes' context. */
  close(): Promise<void>;
}

/** One Vite server per test file: compiling the routes is the slow part, so it is shared. */
export async function startVite(): Promise<ViteDevServer> {
  // Started one process at a time: see typegen-lock.ts.
  return withTypegenLock(root, () =>
    createViteServer({
      root,
      appType: "custom",
      logLevel: "silent",
      // No browser is served: no hot reload, no file watching, no dependency scan.
      server: { middlewareMode: true, hmr: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    }),
  );
}

/** The modules as Vite loads them (types only: nothing of them is loaded into the test's own graph). */
type ContextModule = typeof import("~/.server/context");
type HttpModule = typeof import("../../server/http");

/**
 * Timeouts as `portal serve` sets them (server/http.ts applyServerTimeouts), at a test's scale:
 * `nodeRequestTimeoutMs` stands for Node's own 300 s limit on receiving a request, which the
 * portal's settings must lift for uploads.
 */
export interface ServerTimeouts {
  nodeRequestTimeoutMs: number;
  idleMs: number;
  bodyTimeoutMs: number;
}

/**
 * Serves the app on `ctx`'s database. Only one at a time per Vite server (the routes' context is
 * process-wide there). The app logs nothing unless given `log` (the log tests read its lines).
 */
export async function startHttpApp(
  vite: ViteDevServer,
  ctx: AppContext,
  timeouts?: ServerTimeouts,
  log?: Logger,
  { pageCache = false }: { pageCache?: boolean } = {},
): Promise<HttpApp> {
  const context = (await vite.ssrLoadModule("/app/.server/context.ts")) as ContextModule;
  const routesCtx = await context.startApp({ config: ctx.config, log: log ?? pino({ level: "silent" }), migrate: false });
  const http = (await vite.ssrLoadModule("/server/http.ts")) as HttpModule;
  // Loaded once: no source changes while a test runs.
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  const handler = http.createHttpApp(
    routesCtx,
    { mode: "development", build: async () => build, assets: vite.middlewares },
    { pageCache, ...(timeouts ? { bodyTimeoutMs: timeouts.bodyTimeoutMs } : {}) },
  );
  // Node's limit as a constructor option (it takes effect only there), checked every 100 ms
  // rather than every 30 s; then the portal's settings, as serve applies them.
  const server: Server = timeouts
    ? createServer({ connectionsCheckingInterval: 100, requestTimeout: timeouts.nodeRequestTimeoutMs }, handler)
    : createServer(handler);
  if (timeouts) http.applyServerTimeouts(server, timeouts.idleMs);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    ctx: routesCtx,
    get: (pathAndQuery, init) => fetch(`${origin}${pathAndQuery}`, { redirect: "manual", ...init }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await context.stopApp();
    },
  };
}
