/**
 * How React Router renders a page on the server, and where its errors go. React Router's built-in
 * entry does the same rendering but prints errors with console.error (a bare, multi-line stack on
 * stderr, with no request id or path): here every unexpected error is one line of the logger
 * instead (app/.server/http/error-log.ts).
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";
import { app } from "./.server/context";
import { logRenderError, routeErrorLogger } from "./.server/http/error-log";

/** How long a page's deferred data may keep the stream open before it is cut. */
export const streamTimeout = 5_000;

/** Every error of a loader, action, middleware or render: one logger line, not a stack on stderr. */
export const handleError = routeErrorLogger(() => app().log);

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  // A HEAD answer has no body: nothing to render.
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  const userAgent = request.headers.get("user-agent");
  // Crawlers (and SPA mode) get the whole page at once; people get the shell first.
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellReady = false;
    let statusCode = status;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const respond = () => {
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timer);
          callback();
        },
      });
      headers.set("Content-Type", "text/html");
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status: statusCode }));
    };
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onShellReady() {
        shellReady = true;
        if (!waitForAll) respond();
      },
      onAllReady() {
        if (waitForAll) respond();
      },
      // Before the shell: React Router catches the rejection, calls handleError and renders the
      // error boundary.
      onShellError: reject,
      onError(error: unknown) {
        statusCode = 500;
        // A shell error is React Router's to log (onShellError); one after it (a part of the page
        // that failed to stream) would otherwise go unseen.
        if (shellReady) logRenderError(app().log, error, request);
      },
    });
    // Deferred data gets streamTimeout to settle; then the rest of the stream is cut.
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}
