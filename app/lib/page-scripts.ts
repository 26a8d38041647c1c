/**
 * How a page's scripts work (decision 0038). The public pages (every page of the public layout)
 * do not hydrate: the server's HTML is the page, and one small module enhances it (app/enhance/).
 * React, React DOM and React Router are 110 KB brotli on a thin link; the enhancements a fraction
 * of it. The admin portal hydrates.
 */
export const PUBLIC_LAYOUT = "routes/public/layout";

/** False for a page of the public layout: it then loads app/enhance/ instead of React Router. */
export function pageHydrates(routeIds: Iterable<string>): boolean {
  for (const id of routeIds) if (id === PUBLIC_LAYOUT) return false;
  return true;
}

/**
 * The public layout's client loader, for the one way a hydrated page can reach a public page: a
 * link followed inside the admin portal's router. The page is loaded as a document, so that it
 * runs its own scripts; the router's navigation never completes (the document is replaced).
 * Public pages never run it themselves: they do not hydrate.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}
