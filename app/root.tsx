import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { lazy, Suspense, useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { contentSecurityHeader } from "./.server/http/content-security";
import { varyOnReaderHeaders } from "./.server/http/data-saver";
import { formGuard } from "./.server/http/form-guard";
import { type MaintenanceClosed, maintenanceGate } from "./.server/http/maintenance";
import { keepHeaders, noStoreForStaff } from "./.server/http/response-headers";
import { withRequestLanguage } from "./.server/i18n/i18n";
import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";
import { EnhanceScript, useEnhancedPage } from "./components/layout/enhance-script";
import { MaintenancePage } from "./components/layout/maintenance";
import { PageStylesheet } from "./components/layout/page-stylesheet";
import { WidgetTexts } from "./components/layout/widget-texts";
import { LiveUpdatesTemplate } from "./components/live/live-updates-template";
import { PageIconSprite } from "./components/ui/page-sprite";
import { useToastWanted } from "./components/ui/toast";
import { ToasterTemplate } from "./components/ui/toaster-template";
import { catalogueParts } from "./lib/i18n/catalogue-parts";
import { loadAdminCatalogue } from "./lib/i18n/client-catalogues";
import { restoreTypedFields } from "./lib/typed-before-hydration";

// The request's language first, so that every text composed on the server is in it (decision
// 0031); then the policy: it wraps every other answer, the maintenance page and refusals included.
export const middleware: Route.MiddlewareFunction[] = [
  withRequestLanguage,
  contentSecurityHeader,
  noStoreForStaff,
  varyOnReaderHeaders,
  ...maintenanceGate,
  formGuard,
];

/**
 * In the browser, before a client-side navigation into the admin portal (the About page's link to
 * it, say): the admin messages, which public pages do not load (decision 0031).
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    if (catalogueParts(new URL(request.url).pathname).includes("admin")) await loadAdminCatalogue();
    return next();
  },
];

/** A thrown answer is rendered by this route's error boundary; a 429's Retry-After goes with it. */
export const headers = keepHeaders("Retry-After");

// The built pages carry the stylesheet inline (PageStylesheet, decision 0028); the development
// server links it, so that Vite can replace it in the open page when a source changes.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheetUrl }] : []),
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The language the page is rendered in (entry.server.tsx, entry.client.tsx; decision 0031).
  const { i18n } = useLingui();
  // Public pages do not hydrate: they load their enhancements instead (decision 0038).
  const enhanced = useEnhancedPage();
  return (
    <html lang={i18n.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <PageStylesheet />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <PageIconSprite />
        {children}
        {enhanced ? (
          <>
            <ToasterTemplate />
            <WidgetTexts />
            <EnhanceScript />
          </>
        ) : (
          <>
            <Toasts />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

const Toaster = lazy(() => import("./components/ui/toaster"));

/** The toasts' corner, mounted with the first toast: sonner stays out of the first JavaScript (ui/toast.ts). */
function Toasts() {
  const wanted = useToastWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

export default function App() {
  // Once the page has hydrated (a parent's effect runs after its children's): what the reader typed
  // before it did is typed again (lib/typed-before-hydration.ts, watched from entry.client.tsx).
  useEffect(restoreTypedFields, []);
  return <Outlet />;
}

/** Unexpected failures: a plain apology, never details (they are in the server log). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { i18n } = useLingui();
  // Offline, a page's data not on the device fails to load: the whole page is asked for instead,
  // which the service worker answers with the kept page or its offline page (decision 0036).
  useEffect(() => {
    if (error instanceof TypeError && !navigator.onLine) window.location.reload();
  }, [error]);
  const closed = isRouteErrorResponse(error) && error.status === 503 ? (error.data as MaintenanceClosed | null) : null;
  if (closed?.maintenance) {
    // Live updates reload the page when maintenance ends; not in data-saver mode (no stream there).
    return (
      <>
        <MaintenancePage siteName={closed.siteName} />
        <LiveUpdatesTemplate enabled={!closed.dataSaver} />
      </>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, message } = errorText(i18n, status, isRouteErrorResponse(error) ? error.data : null);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-5xl font-bold text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <a href="/" className="mt-8 inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        <Trans>Go to the home page</Trans>
      </a>
    </main>
  );
}

function errorText(i18n: I18n, status: number, data: unknown): { title: string; message: string } {
  if (status === 404)
    return { title: i18n._(msg`Page not found`), message: i18n._(msg`The page you're looking for doesn't exist or has been removed.`) };
  if (status === 403) return { title: i18n._(msg`Access Denied`), message: i18n._(msg`You do not have permission to view this page.`) };
  if (status === 429) {
    const seconds = (data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    const minutes = typeof seconds === "number" ? Math.max(1, Math.ceil(seconds / 60)) : null;
    return {
      title: i18n._(msg`Too many requests`),
      message:
        minutes === null
          ? i18n._(msg`Too many links that do not exist were opened from your network. Please try again later.`)
          : i18n._(
              msg`Too many links that do not exist were opened from your network. Please try again ${plural(minutes, { one: "in # minute", other: "in # minutes" })}.`,
            ),
    };
  }
  return { title: i18n._(msg`Something went wrong`), message: i18n._(msg`An unexpected error occurred. Please try again in a moment.`) };
}
