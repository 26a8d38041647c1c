import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Level, Logger } from "pino";
import { loggablePath } from "./log-path";
import { chooseRequestId, REQUEST_ID_HEADER } from "./request-id";
import { type RequestScope, runInRequestScope } from "./request-scope";

/**
 * The access log: one line per request once its answer is sent (or the client went away):
 *
 *   {"level":30,...,"method":"GET","path":"/reports?page=2","status":200,"ms":12,"bytes":24710,
 *    "requestId":"kq3…","msg":"request"}
 *
 * plus `userId` when a route resolved a session, and `aborted: true` when the connection closed
 * before the answer was complete. Never cookies, Authorization or tokens: the line is built from
 * these fields alone, and the path is redacted (log-path.ts). `bytes` is what this answer wrote to
 * the connection: headers included, after compression.
 *
 * Every answer also carries `Server-Timing: app;dur=<ms>`: the time until its headers were written.
 *
 * Levels: `info`, `warn` for a 5xx; `debug` for health checks (polled every few seconds by a load
 * balancer), built browser assets and the dev server's module requests, whose lines would bury
 * the pages'. LOG_LEVEL=debug shows them too.
 */
const QUIET_PATH = /^\/(?:healthz(?:$|\?)|assets\/|favicon\.|@|node_modules\/|app\/)/;

function levelFor(path: string, status: number): Level {
  if (status >= 500) return "warn";
  return QUIET_PATH.test(path) ? "debug" : "info";
}

/**
 * Express middleware, first of all: gives the request its id (a trusted proxy's when sane), sends
 * it as `X-Request-Id`, hands it to the app as a request header (replacing a client's), opens the
 * request's log scope, and writes the access line at the end.
 */
export function accessLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const trustProxy = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
    const scope = openAccessLine(log, req, res, trustProxy(req.socket.remoteAddress, 0));
    runInRequestScope(scope, next);
  };
}

/**
 * The request id and the access line of one request, for the middleware above and for what is
 * answered before Express (the page cache's hits, server/page-cache.ts): the id chosen and sent,
 * the line written when the answer is finished or the connection closed. Returns the request's
 * log scope (a route that resolves a session adds its user to it).
 */
export function openAccessLine(log: Logger, req: IncomingMessage, res: ServerResponse, fromTrustedProxy: boolean): RequestScope {
  const started = performance.now();
  const socket = req.socket;
  const writtenBefore = socket.bytesWritten;
  const incoming = req.headers[REQUEST_ID_HEADER];
  const requestId = chooseRequestId(typeof incoming === "string" ? incoming : undefined, fromTrustedProxy);
  req.headers[REQUEST_ID_HEADER] = requestId;
  res.setHeader("X-Request-Id", requestId);
  // How long the answer took to begin, as Server-Timing (browsers' developer tools show it;
  // bench:scale reads it): a page's headers go out once it is rendered whole (decision 0040), so
  // for a page this is all of the server's work on it. Set as the headers are written (Node's
  // implicit headers go through writeHead too).
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.headersSent) this.setHeader("Server-Timing", `app;dur=${(performance.now() - started).toFixed(1)}`);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
  const scope: RequestScope = { requestId, userId: null };

  let written = false;
  const writeLine = () => {
    if (written) return;
    written = true;
    // Express rewrites `url` as it routes; `originalUrl` is the address as asked.
    const path = loggablePath((req as { originalUrl?: string }).originalUrl ?? req.url ?? "/");
    const level = levelFor(path, res.statusCode);
    if (!log.isLevelEnabled(level)) return;
    log[level](
      {
        method: req.method,
        path,
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
        bytes: socket.bytesWritten - writtenBefore,
        requestId,
        ...(scope.userId ? { userId: scope.userId } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      "request",
    );
  };
  res.once("finish", writeLine);
  res.once("close", writeLine);
  return scope;
}
