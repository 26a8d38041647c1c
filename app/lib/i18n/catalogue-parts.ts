/** The two halves of each language's messages: what every page says, and what only staff read. */
export type CataloguePart = "public" | "admin";

/**
 * The catalogues a page at `pathname` needs: the public one everywhere, the admin one too on admin
 * pages (decision 0031). One rule for the browser, which loads them, and the server, which
 * preloads them: a preload the browser never uses is bytes lost on a thin link.
 */
export function catalogueParts(pathname: string): CataloguePart[] {
  return isAdminPath(pathname) ? ["public", "admin"] : ["public"];
}

function isAdminPath(pathname: string): boolean {
  return pathname === "/admin" || pathname.startsWith("/admin/");
}
