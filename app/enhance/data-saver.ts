import { dataSaverCookie } from "~/lib/data-saver";
import { setLiveUpdates } from "./live-updates";
import { refreshPage } from "./page-refresh";
import { unbound } from "./unbound";

const bound = new WeakSet<Element>();

/**
 * The footer's data-saver switch (decision 0030, components/layout/data-saver.tsx). Without
 * JavaScript a form post sets the cookie and comes back to the page; here the cookie is set in the
 * page and the page shown again in the other mode, in place: the same address fetched again (no
 * view counted: http/page-visit.ts), its regions replaced (no thumbnails, the switch's label), and
 * the live-updates stream closed or opened.
 */
export function enhanceDataSaverSwitch(root: ParentNode): void {
  for (const form of unbound<HTMLFormElement>(root, "form[data-data-saver]", bound)) {
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const on = form.dataset.dataSaver !== "on";
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers our readers use
      document.cookie = dataSaverCookie(on);
      setLiveUpdates(!on);
      await refreshPage({ evenIfKept: true });
    });
  }
}
