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
