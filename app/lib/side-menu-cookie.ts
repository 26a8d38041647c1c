/**
 * The library's side menu's state as a cookie (public-portal sections 2 and 9): read by the server
 * to render the menu open or collapsed, written by the no-JavaScript toggle's form post and by
 * app/enhance/side-menu.ts. Apart from side-menu.ts (whose items are messages) so that the
 * enhancement imports no Lingui.
 */
export const SIDE_MENU_COOKIE = "sidebar_state";
export const SIDE_MENU_COOKIE_MAX_AGE = 7 * 24 * 60 * 60; // 7 days

export function sideMenuCookie(open: boolean): string {
  return `${SIDE_MENU_COOKIE}=${open ? "open" : "collapsed"}; Path=/; Max-Age=${SIDE_MENU_COOKIE_MAX_AGE}; SameSite=Lax`;
}
