import enhancedPages from "./enhanced-pages.json";

/**
 * How a page's scripts work (decision 0038). Public pages are moving from React hydration to
 * small scripts that enhance the server's HTML (app/enhance/): React, React DOM and React Router
 * are 110 KB brotli on a thin link, the enhancements a fraction of it. The routes listed in
 * enhanced-pages.json no longer hydrate; the bundle bench (bench/bundle-sizes.mjs) reads the same
 * list. Admin pages hydrate as before.
 */
const ENHANCED = new Set<string>(enhancedPages);

/** False when any matched route is an enhanced page: the page then loads app/enhance/ instead of React Router. */
export function pageHydrates(routeIds: Iterable<string>): boolean {
  for (const id of routeIds) if (ENHANCED.has(id)) return false;
  return true;
}

/**
 * The client loader of an enhanced page, for the one way a hydrated page can reach it: a link
 * followed inside the admin portal's router. The page is loaded as a document, so that it
 * runs its own scripts; the router's navigation never completes (the document is replaced).
 * Only on a route with a server loader: a route whose only loader is a client loader is rendered
 * by the server as its fallback, not as the page.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}
