import { createContext, data, type MiddlewareFunction } from "react-router";
import { MAINTENANCE_MESSAGE, MAINTENANCE_RETRY_AFTER_S, MAINTENANCE_TITLE, siteNameText } from "~/lib/site-settings";
import { sessionToken } from "../auth/guards";
import { peekSession } from "../auth/sessions";
import { type AppContext, app } from "../context";
import { i18nFor, requestLanguage } from "../i18n/i18n";
import { settingsOrDefaults } from "../site/site.service";
import { hasAdminAccess } from "../users/users.service";
import { dataSaverOf } from "./data-saver";

const CLOSED_HEADERS = { "Retry-After": String(MAINTENANCE_RETRY_AFTER_S), "Cache-Control": "no-store" };

/** What a page's data carries when maintenance closed it: the root's error boundary shows the maintenance page. */
export interface MaintenanceClosed {
  maintenance: true;
  siteName: string;
  /** Data-saver mode (decision 0030): the page then opens no live-updates stream. */
  dataSaver: boolean;
}

/**
 * Whether a request comes from signed-in staff, the one rule of who keeps using the public side
 * during maintenance. Peeked: browsing the public pages does not extend an admin session.
 */
export async function isStaffViewer(ctx: AppContext, request: Request): Promise<boolean> {
  const token = sessionToken(request);
  const session = token ? await peekSession(ctx, token) : null;
  return !!session && hasAdminAccess(session.user.role);
}

/** Set by the gate when it closed a page, for the headers of the answer its error boundary makes. */
const pageClosed = createContext(false);

/**
 * Maintenance mode closes every public answer to all but signed-in staff, before any loader runs:
 * pages and their data requests (`.data`), downloads and file links, thumbnails, the public JSON
 * and new event streams answer 503 with Retry-After. The admin portal stays open (staff sign in
 * there), and /healthz is answered by Express before React Router. Streams opened before stay
 * open, so a page left open hears when maintenance ends. Two steps: the gate throws a closed
 * page to the root's error boundary, whose answer does not carry the thrown headers; the step
 * around it adds them.
 */
export const maintenanceGate: MiddlewareFunction<Response>[] = [
  async ({ context }, next) => {
    const response = await next();
    if (!context.get(pageClosed)) return response;
    for (const [name, value] of Object.entries(CLOSED_HEADERS)) response.headers.set(name, value);
    return response;
  },
  async ({ request, context }, next) => {
    const { pathname } = new URL(request.url);
    if (/^\/admin(?:[/.]|$)/.test(pathname)) return next();
    const ctx = app();
    const settings = await settingsOrDefaults(ctx);
    if (!settings.maintenanceMode || (await isStaffViewer(ctx, request))) return next();
    if (pathname.startsWith("/api/public/")) {
      return Response.json({ error: MAINTENANCE_TITLE, message: MAINTENANCE_MESSAGE }, { status: 503, headers: CLOSED_HEADERS });
    }
    // Files and crawlers' files (robots.txt, the sitemap: decision 0032) get a plain-text answer.
    if (pathname.startsWith("/api/") || /^\/(?:robots\.txt|sitemap\.xml|sitemaps\/)/.test(pathname)) {
      return new Response(`${MAINTENANCE_TITLE}. ${MAINTENANCE_MESSAGE}\n`, {
        status: 503,
        headers: { ...CLOSED_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    context.set(pageClosed, true);
    const siteName = siteNameText(settings, i18nFor(requestLanguage(request)));
    throw data({ maintenance: true, siteName, dataSaver: dataSaverOf(request) } satisfies MaintenanceClosed, {
      status: 503,
    });
  },
];
