import fs from "node:fs/promises";
import { createServer, type Server } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "react-router";
import { applyActivityRetention } from "~/.server/activity/activity.service";
import { purgeExpiredSessions } from "~/.server/auth/sessions";
import { issueSetupLink } from "~/.server/auth/setup";
import { purgeExpiredThrottles } from "~/.server/auth/throttle";
import { type Config, configWarnings, getConfig } from "~/.server/config";
import { removeDeadReadCopies } from "~/.server/contents/read-copies";
import { startFileReader } from "~/.server/contents/reader";
import { startApp, stopApp } from "~/.server/context";
import { warmListIndex } from "~/.server/documents/documents.service";
import { knowEnhanceScript } from "~/.server/http/enhance-script";
import { configuredOrigin } from "~/.server/http/origins";
import { knowBrowserFiles } from "~/.server/i18n/catalogue-preloads";
import { removeDueTestDocuments } from "~/.server/system/test-document";
import { MINUTE } from "~/.server/time";
import { sweepPendingFiles } from "~/.server/uploads/pending-files";
import { builtAssets, readBuiltAssets } from "./built-assets";
import { type AppSource, applyServerTimeouts, createHttpApp } from "./http";

/**
 * An upload nobody has written to for this long is dead (a slow link sends something every few
 * seconds); on S3, where the writer cannot be asked, a multipart upload begun this long ago.
 */
const STALE_UPLOAD_MS = 60 * MINUTE;

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
  const files = readBuiltAssets(clientDir);
  knowBrowserFiles(files.keys());
  knowEnhanceScript(files.keys());
  return { mode: "production", build, assets: builtAssets(files) };
}

/** `portal serve` (and `npm run dev`): migrate, listen, print the first-admin link if needed, stop gracefully. */
export async function serve({ source, server: given, onStop }: ServeOptions): Promise<number> {
  const server = given ?? createServer();
  // Our own server: uploads end only when their bytes stop arriving. The dev server's is left as
  // Vite made it (its hot-reload socket is quiet for minutes at a time).
  if (!given) applyServerTimeouts(server);
  const config = getConfig();
  await checkDataDir(config);
  const ctx = await startApp().catch((error: unknown) => {
    throw databaseStartupError(config, error) ?? error;
  });
  // The bucket answers now, or the start fails, rather than the first download.
  try {
    await ctx.storage.stat("health/probe");
  } catch (error) {
    await stopApp();
    throw new StartupError(
      `cannot reach the file storage (${ctx.storage.driver}, ${errorCode(error) ?? errorName(error)}): check the S3_ settings`,
    );
  }
  server.on("request", createHttpApp(ctx, source));
  const { port, host } = ctx.config;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await stopApp();
    throw listenStartupError(port, error) ?? error;
  }
  // Nothing is announced, and no setup link made, before the port is this process's.
  for (const warning of configWarnings(ctx.config)) ctx.log.warn(warning);
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const origin = configuredOrigin(ctx.config, actualPort);
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

  // The test suite's temporary documents whose removal a stop interrupted go now, then on each
  // sweep; so do uploads a crash left half-written (at start, those of dead processes).
  const sweepTestDocuments = () => {
    removeDueTestDocuments(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, "test document sweep failed"));
  };
  const sweepStaleUploads = () => {
    const staleBefore = new Date(ctx.now().getTime() - STALE_UPLOAD_MS);
    ctx.storage
      .sweepStaleUploads(staleBefore)
      .then((removed) => removed > 0 && ctx.log.info({ removed }, "removed uploads a crash left half-written"))
      .catch((error: unknown) => ctx.log.warn({ err: error }, "stale upload sweep failed"));
    // The file reader's copies a killed process left in the temp folder (read-copies.ts).
    removeDeadReadCopies()
      .then((removed) => removed > 0 && ctx.log.info({ removed }, "removed file copies a crash left in the temp folder"))
      .catch((error: unknown) => ctx.log.warn({ err: error }, "temp folder sweep failed"));
    // Files stored by a process that died before writing the row naming them (pending-files.ts).
    sweepPendingFiles(ctx, staleBefore)
      .then(
        ({ abandoned }) => abandoned.size > 0 && ctx.log.info({ removed: abandoned.size }, "removed files a crash left without their row"),
      )
      .catch((error: unknown) => ctx.log.warn({ err: error }, "pending file sweep failed"));
  };
  sweepTestDocuments();
  sweepStaleUploads();
  const sweeper = setInterval(() => {
    purgeExpiredSessions(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, "session purge failed"));
    purgeExpiredThrottles(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, "sign-in count purge failed"));
    applyActivityRetention(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, "activity retention failed"));
    sweepTestDocuments();
    sweepStaleUploads();
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

/** A start-up failure the operator can fix, said in one line; `portal serve` prints it and exits 1. */
export class StartupError extends Error {
  override name = "StartupError";
}

function errorCode(error: unknown): string | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as NodeJS.ErrnoException).code;
    if (typeof code === "string") return code;
  }
  return null;
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : "unknown error";
}

function listenStartupError(port: number, error: unknown): StartupError | null {
  const code = errorCode(error);
  if (code === "EADDRINUSE") return new StartupError(`port ${port} is already in use (another portal running?)`);
  if (code === "EACCES") return new StartupError(`not allowed to listen on port ${port} (ports below 1024 need privileges)`);
  if (code === "EADDRNOTAVAIL") return new StartupError(`cannot listen on HOST: the address is not one of this machine's`);
  return null;
}

/** The database's connection failures (PostgreSQL unreachable, refused sign-in, no such database; SQLite file unopenable). */
const DATABASE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "28P01",
  "28000",
  "3D000",
  "SQLITE_CANTOPEN",
  "SQLITE_READONLY",
  "SQLITE_PERM",
]);

function databaseStartupError(config: Config, error: unknown): StartupError | null {
  const code = errorCode(error);
  if (!code || !DATABASE_CODES.has(code)) return null;
  const where = config.database.kind === "postgres" ? `at ${safeHost(config.database.url)}` : config.database.file;
  return new StartupError(`cannot open the database ${where} (${code}): check DATABASE_URL and that the database is up`);
}

/** host:port of a database URL, never its password. */
function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "DATABASE_URL";
  }
}

/**
 * DATA_DIR holds the SQLite database and the local files: found unwritable now, not at the first
 * upload. Created when missing, as the database and storage would.
 */
async function checkDataDir(config: Config): Promise<void> {
  if (config.database.kind === "postgres" && config.s3) return;
  const probe = `${config.dataDir}/.write-check-${process.pid}`;
  try {
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(probe, "");
    await fs.rm(probe);
  } catch (error) {
    throw new StartupError(
      `cannot write to DATA_DIR ${config.dataDir} (${errorCode(error) ?? "unknown error"}): check its owner and permissions`,
    );
  }
}
