import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { purgeExpiredSessions } from "~/.server/auth/sessions";
import { issueSetupLink } from "~/.server/auth/setup";
import { startFileReader } from "~/.server/contents/reader";
import { startApp, stopApp } from "~/.server/context";
import { warmListIndex } from "~/.server/documents/documents.service";
import { removeDueTestDocuments } from "~/.server/system/test-document";
import { MINUTE } from "~/.server/time";
import { type AppSource, builtAssets, createHttpApp } from "./http";

/** How long shutdown waits for in-flight requests before closing connections. */
const SHUTDOWN_GRACE_MS = 10_000;

export interface ServeOptions {
  source: AppSource;
  /** A server made by the caller (the dev server shares it with Vite's hot-reload socket). */
  server?: Server;
  /** Runs when shutdown starts (the dev server ends Vite's hot-reload sockets, which would hold the server open). */
  onStop?: () => Promise<void>;
}

/** The production build: this bundle's routes and the client folder beside it. */
export function productionSource(build: ServerBuild): AppSource {
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "client");
  return { mode: "production", build, assets: builtAssets(clientDir) };
}

/** `portal serve` (and `npm run dev`): migrate, listen, print the first-admin link if needed, stop gracefully. */
export async function serve({ source, server = createServer(), onStop }: ServeOptions): Promise<number> {
  const ctx = await startApp();
  server.on("request", createHttpApp(ctx, source));
  const { port, host } = ctx.config;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const origin = ctx.config.publicUrl ?? `http://localhost:${actualPort}`;
  ctx.log.info({ port: actualPort, host, db: ctx.db.engine, storage: ctx.storage.driver }, `portal listening on ${origin}`);

  const setupPath = await issueSetupLink(ctx);
  if (setupPath) {
    ctx.log.warn(
      { setupUrl: `${origin}${setupPath}` },
      "no admin account yet: open this one-time link (valid 1 hour) to create the first admin",
    );
    // Also as a plain line, so it is easy to find in a terminal.
    console.log(`\n  Create the first admin account: ${origin}${setupPath}\n  (one-time link, valid for 1 hour)\n`);
  }

  // The list index is read now rather than by the first visitor's list.
  warmListIndex(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, "list index warm-up failed"));
  // Stored files are read one at a time, in a child process, beside the requests (issue 11),
  // unless this instance is set to answer requests only.
  const fileReader = ctx.config.readFiles ? startFileReader(ctx) : null;

  // The test suite's temporary documents whose removal a stop interrupted go now, then on each sweep.
  const sweepTestDocuments = () => {
    removeDueTestDocuments(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, "test document sweep failed"));
  };
  sweepTestDocuments();
  const sweeper = setInterval(() => {
    purgeExpiredSessions(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, "session purge failed"));
    sweepTestDocuments();
  }, 10 * MINUTE);
  sweeper.unref();

  return new Promise((resolve) => {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      ctx.log.info({ signal }, "shutting down: finishing in-flight requests");
      clearInterval(sweeper);
      // Live-update streams never finish by themselves: end them so server.close() is not held open.
      void ctx.events.close();
      onStop?.().catch((error: unknown) => ctx.log.warn({ err: error }, "error while stopping the dev server"));
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      server.close(() => {
        Promise.resolve(fileReader?.stop())
          .then(() => stopApp())
          .catch((error: unknown) => ctx.log.error({ err: error }, "error while closing"))
          .finally(() => resolve(0));
      });
      server.closeIdleConnections();
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
  });
}
