import { useLingui } from "@lingui/react/macro";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { DATA_SAVER_ACTION, dataSaverCookie } from "~/lib/data-saver";
import type { loader as publicLayoutLoader } from "~/routes/public/layout";
import { buttonClass } from "../ui/styles";

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
  const { revalidate } = useRevalidator();
  const { t } = useLingui();
  return (
    <form
      method="post"
      action={DATA_SAVER_ACTION}
      // On a page that does not hydrate, app/enhance/data-saver.ts does what onSubmit below does.
      data-data-saver={on ? "on" : "off"}
      // Attached when the page hydrates: until then (and without JavaScript) the form posts.
      onSubmit={(event) => {
        event.preventDefault();
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers our readers use
        document.cookie = dataSaverCookie(!on);
        void revalidate();
      }}
    >
      <input type="hidden" name="on" value={on ? "false" : "true"} />
      {/* No page address here: the action goes back by the Referer (the page may be a draft's 404). */}
      {/* The label says the state; the page's JavaScript budget (decision 0028) keeps it plain. */}
      <button type="submit" className={buttonClass.secondary}>
        {on ? t`Data saver: on` : t`Data saver: off`}
      </button>
    </form>
  );
}
