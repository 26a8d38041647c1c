/**
 * The browser's start on a page that does not hydrate (decision 0038). The server's HTML is the
 * whole page and works without this; here its parts get what only a script can give (a menu that
 * closes on Escape, live updates, ...). A module script runs once the document is parsed. When it
 * is done, `<html data-enhanced>` says so (the browser tests wait for it).
 */
import { startLiveUpdates } from "./live-updates";
import { startOfflineWorker } from "./offline";
import { rememberRegions } from "./page-refresh";
import { enhance } from "./parts";

rememberRegions(document);
enhance(document);
for (const start of [startLiveUpdates, startOfflineWorker]) {
  try {
    start();
  } catch (error) {
    console.error(error);
  }
}
document.documentElement.dataset.enhanced = "";

// In development the page is the server's render of the sources: React Router's Vite plugin
// announces every edit (its "react-router:hmr" event), and the page is loaded again to show it.
// The production build has no `import.meta.hot` and drops this.
if (import.meta.env.DEV && import.meta.hot) import.meta.hot.on("react-router:hmr", () => window.location.reload());
