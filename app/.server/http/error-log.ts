import { STATUS_CODES } from "node:http";
import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { type HandleErrorFunction, isRouteErrorResponse } from "react-router";
import { loggablePath } from "./log-path";
import { REQUEST_ID_HEADER, requestIdOf } from "./request-id";
import { currentRequestScope } from "./request-scope";

/**
 * Unexpected errors of a request (a loader, action or render that threw, a middleware that
 * failed) are written as ONE JSON line by the logger, never as a bare stack on stderr:
 *
 *   {"level":50,...,"method":"GET","path":"/admin/analytics?period=[redacted]","requestId":"kq3…",
 *    "userId":"9b1…","err":{"type":"SqliteError","message":"no such table: activity_logs",
 *    "stack":"SqliteError: …\n    at …"},"msg":"unexpected error"}
 *
 * The same request id is in the answer's `X-Request-Id` and on its access line (access-log.ts).
 * Not errors: a request whose client went away (its work was cut short on purpose), and answers a
 * route chose (`throw data(…, {status})`, React Router's own 404/405 for unknown routes): those
 * are debug lines at most.
 */
export const UNEXPECTED = "unexpected error";

interface RequestFacts {
  method: string;
  /** Path and query as received (redacted here). */
  url: string;
  requestId: string | null;
}

function requestFields(facts: RequestFacts) {
  const scope = currentRequestScope();
  return {
    method: facts.method,
    path: loggablePath(facts.url),
    // From the request itself: the id the HTTP layer handed to the app (request-id.ts).
    requestId: facts.requestId,
    userId: scope?.userId ?? null,
  };
}

function asError(value: unknown): Error {
  if (value instanceof Error) return value;
  return new Error(typeof value === "string" ? value : `non-error thrown: ${JSON.stringify(value) ?? String(value)}`);
}

/** `/path?query` of a Request's absolute URL. */
function pathAndQuery(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

function factsOf(request: Request): RequestFacts {
  return { method: request.method, url: pathAndQuery(request), requestId: requestIdOf(request) };
}

/**
 * React Router's `handleError` (exported by entry.server.tsx): every error a loader, action,
 * middleware or render threw. A thrown `data()`/Response is the route's answer, not an error;
 * React Router's own 4xx (no such route, method not allowed) is a client's mistake.
 */
export function routeErrorLogger(log: () => Logger): HandleErrorFunction {
  return (error, { request }) => {
    if (request.signal.aborted) return;
    if (isRouteErrorResponse(error)) {
      const internal = (error as { error?: unknown }).error;
      if (internal === undefined || error.status < 500) {
        log().debug({ ...requestFields(factsOf(request)), status: error.status }, "request refused");
        return;
      }
      logUnexpected(log(), internal, factsOf(request));
      return;
    }
    logUnexpected(log(), error, factsOf(request));
  };
}

function logUnexpected(log: Logger, error: unknown, facts: RequestFacts): void {
  log.error({ ...requestFields(facts), err: asError(error) }, UNEXPECTED);
}

function statusOf(error: unknown): number | null {
  const e = error as { status?: unknown; statusCode?: unknown } | null;
  const status = typeof e?.status === "number" ? e.status : typeof e?.statusCode === "number" ? e.statusCode : null;
  return status !== null && status >= 400 && status <= 599 ? status : null;
}

/**
 * Express's last handler: an error a middleware passed on (or threw) is logged as above and
 * answered with a bare 500, instead of Express printing its stack on stderr. An error that says
 * it is a client's (a 4xx `status`, e.g. a malformed URI) gets that status and a debug line.
 */
export function expressErrorLogger(log: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const requestId = req.get(REQUEST_ID_HEADER) ?? null;
    const facts = { method: req.method, url: req.originalUrl, requestId };
    const status = statusOf(error);
    const clientGone = req.socket.destroyed;
    if ((status !== null && status < 500) || clientGone) {
      log.debug({ ...requestFields(facts), status, err: asError(error) }, clientGone ? "client went away" : "request refused");
    } else logUnexpected(log, error, facts);
    if (clientGone) return;
    if (res.headersSent) {
      // Half an answer was sent: closing the connection is the only way to say it is not whole.
      res.destroy();
      return;
    }
    const code = status !== null && status < 500 ? status : 500;
    res
      .status(code)
      .type("text/plain")
      .set("Cache-Control", "no-store")
      .send(STATUS_CODES[code] ?? "Error");
  };
}
