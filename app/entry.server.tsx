/**
 * How React Router renders a page on the server, and where its errors go. It renders as React
 * Router's built-in entry does, with these differences: the page's stylesheet goes inline in its
 * head, and the scripts' module preloads after its content, so that the text paints before any
 * JavaScript is fetched (decision 0028); the response's Content-Security-Policy
 * nonce (app/.server/http/content-security.ts) goes on every script React Router writes
 * (hydration data, route modules and their preloads, scroll restoration) and every script React
 * streams, so the policy needs no 'unsafe-inline' (decision 0023); and every unexpected error is
 * one line of the logger (app/.server/http/error-log.ts, decision 0024), not a bare multi-line
 * stack on stderr with no request id or path.
 *
 * A page that does not hydrate (the public pages, decision 0038) has nothing to stream: no
 * hydration data, no Suspense boundary, no module preloads. It is rendered to one string
 * (decision 0040), the same bytes a stream gives, without React's stream encoding each of its
 * thousands of small pieces on its own and the stream's hops (React's, the preload rewrite's, the
 * web stream React Router reads).
 */
import { I18nProvider } from "@lingui/react";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, renderToStaticMarkup, renderToString } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { app } from "./.server/context";
import { responseNonce } from "./.server/http/content-security";
import { enhanceScriptUrl } from "./.server/http/enhance-script";
import { logRenderError, routeErrorLogger } from "./.server/http/error-log";
import { scriptsAfterContent } from "./.server/http/scripts-after-content";
import { catalogueFiles } from "./.server/i18n/catalogue-preloads";
import { i18nFor, requestLanguage, runInLanguage, serverI18n } from "./.server/i18n/i18n";
import stylesheet from "./app.css?inline";
import { EnhanceScriptContext } from "./components/layout/enhance-script";
import { PageStylesheetContext } from "./components/layout/page-stylesheet";
import { IconSprite } from "./components/ui/icon-sprite";
import { PageSpriteContext } from "./components/ui/page-sprite";
import { setPageI18nSource } from "./lib/i18n/page-i18n";
import { pageHydrates } from "./lib/page-scripts";

/** The stylesheet every page carries in its head; the development server links it instead (root.tsx). */
const pageStylesheet = import.meta.env.PROD ? stylesheet : null;

/**
 * The language of the page being rendered, for route `meta` functions (lib/i18n/page-i18n.ts):
 * React Router calls them while rendering, outside any React context, and pages in different
 * languages render at once; the render runs in its request's language (runInLanguage below).
 */
setPageI18nSource(serverI18n);

/** The public icon sprite's symbols, drawn once: every page carries them, no browser draws them (ui/page-sprite.tsx). */
const pageSprite = renderToStaticMarkup(<IconSprite />).replace(/^<svg[^>]*>|<\/svg>$/g, "");

/** How long a streamed part may take before the render is cut short (it then shows its error). */
export const streamTimeout = 5_000;

/** Every error of a loader, action, middleware or render: one logger line, not a stack on stderr. */
export const handleError = routeErrorLogger(() => app().log);

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Response | Promise<Response> {
  // A HEAD answer has the page's status and headers and no body: nothing to render.
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  const nonce = responseNonce(loadContext);
  const language = requestLanguage(request);
  // A page that does not hydrate loads its enhancements, and no catalogue: its texts are in its HTML (decision 0038).
  const hydrates = pageHydrates(routerContext.staticHandlerContext.matches.map((match) => match.route.id));
  // The page in the reader's language (decision 0031); the browser activates the same one
  // before it hydrates (entry.client.tsx reads it from <html lang>).
  const i18n = i18nFor(language);
  const page = (
    <I18nProvider i18n={i18n}>
      <PageStylesheetContext value={pageStylesheet}>
        <PageSpriteContext value={pageSprite}>
          <EnhanceScriptContext value={hydrates ? null : { src: enhanceScriptUrl(), nonce }}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </EnhanceScriptContext>
        </PageSpriteContext>
      </PageStylesheetContext>
    </I18nProvider>
  );
  if (!hydrates) {
    // Nothing to stream (decision 0040): one string, the same bytes, 8 ms sooner per list page.
    // A render error throws here, and React Router renders the error boundary, as after a shell error.
    const html = runInLanguage(i18n, () => renderToString(page));
    responseHeaders.set("Content-Type", "text/html");
    // As bytes: a string body would be scanned for lone surrogates and encoded again by the Response.
    return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode });
  }

  // The reader's messages in the same wave as the page's modules (i18n/catalogue-preloads.ts).
  const cataloguePreloads = catalogueFiles(language, new URL(request.url).pathname)
    .map((href) => `<link rel="modulepreload" href="${href}"${nonce ? ` nonce="${nonce}"` : ""}/>`)
    .join("");
  // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const ready = () => {
      shellRendered = true;
      // The content first, the scripts' preloads after it (decision 0028).
      const body = scriptsAfterContent(cataloguePreloads);
      body.once("finish", () => {
        // The render finished: the timer must not keep this request's memory alive.
        clearTimeout(timer);
        timer = undefined;
      });
      responseHeaders.set("Content-Type", "text/html");
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
    };

    const { pipe, abort } = runInLanguage(i18n, () =>
      renderToPipeableStream(page, {
        nonce,
        onShellReady: waitForAll ? undefined : ready,
        onAllReady: waitForAll ? ready : undefined,
        // Before the shell: React Router catches the rejection, calls handleError and renders the
        // error boundary.
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // A shell error is React Router's to log; one after it (a part of the page that failed to
          // stream) would otherwise go unseen.
          if (shellRendered) logRenderError(app().log, error, request);
        },
      }),
    );
  });
}
