import { useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { DATA_SAVER_ACTION, dataSaverCookie, dataSaverLabel } from "~/lib/data-saver";
import type { loader as publicLayoutLoader } from "~/routes/public/layout";
import { useHydrated } from "../ui/use-hydrated";

/**
 * Whether the page is in data-saver mode (decision 0030): the value the public layout's loader
 * decided for this request, read by every component that would fetch something heavy (thumbnails,
 * the live-updates stream). Outside the public layout (admin pages) it is off.
 */
export function useDataSaver(): boolean {
  return useRouteLoaderData<typeof publicLayoutLoader>("routes/public/layout")?.dataSaver ?? false;
}

/**
 * The switch, in the footer of every public page. Without JavaScript a form post sets the cookie and
 * comes back to this page; with it the cookie is set here and the layout's data reloaded (one
 * small request, no page load, and no view counted again on a document's or a dashboard's page).
 */
export function DataSaverSwitch({ on }: { on: boolean }) {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  const { revalidate } = useRevalidator();
  return (
    <form
      method="post"
      action={DATA_SAVER_ACTION}
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers our readers use
        document.cookie = dataSaverCookie(!on);
        void revalidate();
      }}
    >
      <input type="hidden" name="on" value={on ? "false" : "true"} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button
        type="submit"
        data-data-saver={on ? "on" : "off"}
        title={on ? "Show thumbnails and live updates again" : "Load no pictures, no live updates and no dashboard by itself"}
        className="rounded-md border border-slate-300 px-2.5 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {dataSaverLabel(on)}
      </button>
    </form>
  );
}
