import { Trans } from "@lingui/react/macro";
import { data, Outlet } from "react-router";
import { app } from "~/.server/context";
import { dataSaverOf } from "~/.server/http/data-saver";
import { isStaffViewer } from "~/.server/http/maintenance";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { publicLayout } from "~/.server/site/site.service";
import { MaintenanceNotice, MaintenancePage } from "~/components/layout/maintenance";
import { PublicFooter } from "~/components/layout/public-footer";
import { PublicHeader } from "~/components/layout/public-header";
import { LiveUpdatesTemplate } from "~/components/live/live-updates-template";
import { loadAsDocument } from "~/lib/page-scripts";
import { contactsText, menuText } from "~/lib/site";
import { MAINTENANCE_RETRY_AFTER_S, siteDescriptionText, siteNameText } from "~/lib/site-settings";
import type { Route } from "./+types/layout";

/**
 * Menu, contacts and the site name come with the server render, never from client fetches.
 * Maintenance mode answers 503 with Retry-After to everyone but signed-in staff: the root's
 * middleware (http/maintenance.ts) closes the request before this runs; the page is shown here
 * too when the setting changed in between.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ctx = app();
  // Data-saver mode is decided here, once per request; every public component reads this value
  // (components/layout/data-saver.tsx).
  const chrome = await publicLayout(ctx, { staff: await isStaffViewer(ctx, request) });
  // What staff wrote in the reader's language (Somali where they gave it, else English), the
  // defaults (nothing set by staff) from the catalogue; done here, so the pages' JavaScript carries
  // neither the other language's texts nor the code that picks them. The page titles take the
  // site name from here (siteTitle), so they follow too.
  const i18n = i18nFor(requestLanguage(request));
  const { siteNameSo, siteDescriptionSo, ...shown } = chrome;
  const layout = {
    ...shown,
    menu: menuText(chrome.menu, i18n),
    contacts: contactsText(chrome.contacts, i18n),
    siteName: siteNameText(chrome, i18n),
    siteDescription: siteDescriptionText(chrome, i18n),
    dataSaver: dataSaverOf(request),
  };
  if (layout.maintenance !== "closed") return layout;
  return data(layout, { status: 503, headers: { "Retry-After": String(MAINTENANCE_RETRY_AFTER_S), "Cache-Control": "no-store" } });
}

export function headers({ loaderHeaders, parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  for (const name of ["Retry-After", "Cache-Control"]) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

// Public pages do not hydrate (decision 0038): a link to one from the admin portal's router loads
// it as a document.
export const clientLoader = loadAsDocument;

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  // Live updates: the page's enhancements open the stream (app/enhance/live-updates.ts, decision 0038).
  const live = <LiveUpdatesTemplate enabled={!loaderData.dataSaver} />;
  if (loaderData.maintenance === "closed") {
    return (
      <>
        <MaintenancePage siteName={loaderData.siteName} />
        {live}
      </>
    );
  }
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      {loaderData.maintenance === "staff-notice" ? <MaintenanceNotice /> : null}
      <PublicHeader menu={loaderData.menu} siteName={loaderData.siteName} dataSaver={loaderData.dataSaver} />
      {/* data-refresh: the regions a page that does not hydrate refreshes in place (app/enhance/page-refresh.ts). */}
      <main id="main" data-refresh="main" className="flex-1">
        <Outlet />
      </main>
      {live}
      <PublicFooter
        menu={loaderData.menu}
        contacts={loaderData.contacts}
        siteName={loaderData.siteName}
        siteDescription={loaderData.siteDescription}
        dataSaver={loaderData.dataSaver}
      />
    </div>
  );
}
