/**
 * How React Router renders a page on the server, and where its errors go. It renders as React
 * Router's built-in entry does, with these differences: the page is rendered whole to one string,
 * not streamed (decision 0040: React's stream encoded each of a page's thousands of small pieces
 * on its own; a hydrated page's data is read before it renders, app/.server/http/settled-handoff.ts);
 * the page's stylesheet goes inline in its head, and the scripts' module preloads after its
 * content, so that the text paints before any JavaScript is fetched (decision 0028); the
 * response's Content-Security-Policy nonce (app/.server/http/content-security.ts) goes on every
 * script React Router writes (hydration data, route modules and their preloads, scroll
 * restoration), so the policy needs no 'unsafe-inline' (decision 0023); and every unexpected error
 * is one line of the logger (app/.server/http/error-log.ts, decision 0024), not a bare multi-line
 * stack on stderr with no request id or path.
 */
import { I18nProvider } from "@lingui/react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { app } from "./.server/context";
import { responseNonce } from "./.server/http/content-security";
import { enhanceScriptUrl } from "./.server/http/enhance-script";
import { routeErrorLogger } from "./.server/http/error-log";
import { bytesResponse } from "./.server/http/node-body";
import { scriptsAfterContent } from "./.server/http/scripts-after-content";
import { settleHandoff } from "./.server/http/settled-handoff";
import { catalogueFiles } from "./.server/i18n/catalogue-preloads";
import { i18nFor, requestLanguage, runInLanguage, serverI18n } from "./.server/i18n/i18n";
import stylesheet from "./app.css?inline";
import { AdminIconSprite } from "./components/admin/admin-icon-sprite";
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

/**
 * The icon sprites' symbols, drawn once per process: no browser draws them (ui/page-sprite.tsx).
 * Every page carries the public ones; a page that hydrates (an admin page) the admin ones too. The
 * router only ever goes from a hydrated page to another one, so whatever admin page it shows was
 * preceded by a page that brought them.
 */
const symbolsOf = (sprite: string) => sprite.replace(/^<svg[^>]*>|<\/svg>$/g, "");
const publicSprite = symbolsOf(renderToStaticMarkup(<IconSprite />));
const hydratedSprite = publicSprite + symbolsOf(renderToStaticMarkup(<AdminIconSprite />));

/** How long a promise in a loader's data may take before the hydration data gives up on it (React Router reads this). */
export const streamTimeout = 5_000;

/** Every error of a loader, action, middleware or render: one logger line, not a stack on stderr. */
export const handleError = routeErrorLogger(() => app().log);

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
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
        <PageSpriteContext value={hydrates ? hydratedSprite : publicSprite}>
          <EnhanceScriptContext value={hydrates ? null : { src: enhanceScriptUrl(), nonce }}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </EnhanceScriptContext>
        </PageSpriteContext>
      </PageStylesheetContext>
    </I18nProvider>
  );
  // The hydration data is read whole first, so that the page renders in one pass (decision 0040).
  if (hydrates) await settleHandoff(routerContext);
  // A render error throws here; React Router logs it and renders the error boundary.
  const html = runInLanguage(i18n, () => renderToString(page));
  // The reader's messages in the same wave as the page's modules (i18n/catalogue-preloads.ts).
  const cataloguePreloads = hydrates
    ? catalogueFiles(language, new URL(request.url).pathname)
        .map((href) => `<link rel="modulepreload" href="${href}"${nonce ? ` nonce="${nonce}"` : ""}/>`)
        .join("")
    : "";
  responseHeaders.set("Content-Type", "text/html");
  // The content first, the scripts' preloads after it (decision 0028). As bytes: a string body
  // would be scanned for lone surrogates and encoded again by the Response; and written to the
  // socket as they are (http/node-body.ts).
  return bytesResponse(scriptsAfterContent(`<!DOCTYPE html>${html}`, cataloguePreloads), {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}
