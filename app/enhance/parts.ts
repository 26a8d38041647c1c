import { enhanceCopyFields } from "./copy-field";
import { enhanceDashboardEmbed } from "./dashboard-embed";
import { enhanceDashboardFilters } from "./dashboard-filters";
import { enhanceDataSaverSwitch } from "./data-saver";
import { enhanceDownloads } from "./download";
import { enhanceDateRanges, enhanceLists, enhanceLoadMore, enhanceSortForms } from "./lists";
import { enhanceLiveSearch } from "./live-search";
import { enhanceMenus } from "./menus";
import { enhanceNavFit } from "./nav-fit";
import { enhancePreviews } from "./preview";
import { enhanceSaveOffline } from "./save-offline";
import { enhanceSavedList } from "./saved-list";
import { enhanceShareDialogs } from "./share-dialog";
import { enhanceShareLinks } from "./share-link";
import { enhanceSideMenu } from "./side-menu";
import { enhanceTabs } from "./tabs";
import { enhanceToastOnLoad } from "./toast-on-load";
import { enhanceUrlDecoder } from "./url-decoder";

/**
 * What enhances a part of a page (decision 0038): each finds its own elements under `root` (marked
 * with data attributes by the server's components) and binds each element once, so a region the
 * page replaced with a fresher copy (page-refresh.ts) is enhanced again by the same call.
 */
const PARTS: Array<(root: ParentNode) => void> = [
  enhanceMenus,
  enhanceNavFit,
  enhanceDataSaverSwitch,
  enhanceDownloads,
  enhanceShareLinks,
  enhanceShareDialogs,
  enhanceTabs,
  enhancePreviews,
  enhanceSaveOffline,
  enhanceToastOnLoad,
  enhanceDashboardFilters,
  enhanceDashboardEmbed,
  enhanceUrlDecoder,
  enhanceCopyFields,
  enhanceSavedList,
  // The document lists (list-view.ts) and the library's side menu.
  enhanceLists,
  enhanceLiveSearch,
  enhanceSortForms,
  enhanceDateRanges,
  enhanceLoadMore,
  enhanceSideMenu,
];

export function enhance(root: ParentNode): void {
  for (const part of PARTS) {
    try {
      part(root);
    } catch (error) {
      // One part failing leaves the others working, and the server's HTML works without any.
      console.error(error);
    }
  }
}
