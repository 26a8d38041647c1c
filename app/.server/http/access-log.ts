import type { RequestHandler } from "express";
import type { Level, Logger } from "pino";
import { loggablePath } from "./log-path";
import { chooseRequestId, REQUEST_ID_HEADER } from "./request-id";
import { runInRequestScope } from "./request-scope";

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
    const started = performance.now();
    const socket = req.socket;
    const writtenBefore = socket.bytesWritten;
    const trustProxy = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
    const requestId = chooseRequestId(req.get(REQUEST_ID_HEADER), trustProxy(socket.remoteAddress, 0));
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader("X-Request-Id", requestId);
    const scope = { requestId, userId: null as string | null };

    let written = false;
    const writeLine = () => {
      if (written) return;
      written = true;
      const path = loggablePath(req.originalUrl);
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
    runInRequestScope(scope, next);
  };
}
