import { enhanceDateRanges, enhanceLists, enhanceLoadMore, enhanceSortForms } from "./lists";
import { enhanceLiveSearch } from "./live-search";
import { enhanceMenus } from "./menus";
import { enhanceNavFit } from "./nav-fit";
import { enhanceSideMenu } from "./side-menu";

/**
 * What enhances a part of a page (decision 0038): each finds its own elements under `root` (marked
 * with data attributes by the server's components) and binds each element once, so a region the
 * page replaced with a fresher copy (page-refresh.ts) is enhanced again by the same call.
 */
const PARTS: Array<(root: ParentNode) => void> = [
  enhanceMenus,
  enhanceNavFit,
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

/** Finds `selector` under `root` (and `root` itself), each element once per `bound` set. */
export function unbound<E extends Element>(root: ParentNode, selector: string, bound: WeakSet<Element>): E[] {
  const found = [...root.querySelectorAll<E>(selector)];
  if (root instanceof Element && root.matches(selector)) found.unshift(root as E);
  return found.filter((element) => {
    if (bound.has(element)) return false;
    bound.add(element);
    return true;
  });
}
