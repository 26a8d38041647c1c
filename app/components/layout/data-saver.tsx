import { useLingui } from "@lingui/react/macro";
import { useRouteLoaderData } from "react-router";
import { DATA_SAVER_ACTION } from "~/lib/data-saver";
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
 * comes back to this page; with it app/enhance/data-saver.ts sets the cookie and shows the page
 * again in the other mode in place (no page load, no view counted again on a document's or a
 * dashboard's page).
 */
export function DataSaverSwitch({ on }: { on: boolean }) {
  const { t } = useLingui();
  return (
    <form method="post" action={DATA_SAVER_ACTION} data-data-saver={on ? "on" : "off"}>
      <input type="hidden" name="on" value={on ? "false" : "true"} />
      {/* No page address here: the action goes back by the Referer (the page may be a draft's 404). */}
      {/* The label says the state; the page's JavaScript budget (decision 0028) keeps it plain. */}
      <button type="submit" className={buttonClass.secondary}>
        {on ? t`Data saver: on` : t`Data saver: off`}
      </button>
    </form>
  );
}
