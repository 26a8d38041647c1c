import type { Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { purgeExpiredSessions } from "~/.server/auth/sessions";
import { issueSetupLink } from "~/.server/auth/setup";
import { startApp, stopApp } from "~/.server/context";
import { removeDueTestDocuments } from "~/.server/system/test-document";
import { MINUTE } from "~/.server/time";
import { createHttpApp } from "./http";

/** How long shutdown waits for in-flight requests before closing connections. */
const SHUTDOWN_GRACE_MS = 10_000;

/** `portal serve`: migrate, listen, print the first-admin link if needed, stop gracefully. */
export async function serve(build: ServerBuild): Promise<number> {
  const ctx = await startApp();
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "client");
  const app = createHttpApp(ctx, build, clientDir);
  const { port, host } = ctx.config;

  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(port, host, () => resolve(s));
    s.on("error", reject);
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
      const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      force.unref();
      server.close(() => {
        stopApp()
          .catch((error: unknown) => ctx.log.error({ err: error }, "error while closing"))
          .finally(() => resolve(0));
      });
      server.closeIdleConnections();
    };
    process.once("SIGTERM", () => stop("SIGTERM"));
    process.once("SIGINT", () => stop("SIGINT"));
  });
}
