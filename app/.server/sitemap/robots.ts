/**
 * GET /robots.txt (decision 0032): crawlers are welcome on the public portal and told where its
 * sitemap is. Kept out of what is not for them:
 * - /admin: the staff portal (its pages also say noindex);
 * - /shared/: share links are capability addresses for the people they were sent to (their pages
 *   also say noindex); a crawler that found one should not open it (nor use up the address's
 *   share-link allowance, or count views);
 * - /api/: downloads (a crawler would count them), signed file links, the event stream and the
 *   public JSON; except thumbnails, which link previews and image search show;
 * - /preferences/: the switches' form posts;
 * - any address with a query: searches, filters, facets, sorts and pages of the lists are endless
 *   combinations of the same documents, each rendered for itself; the sitemap names every page.
 * Rules with wildcards are understood by the large crawlers (RFC 9309: the longest match wins,
 * so the thumbnails' Allow beats the shorter Disallows).
 */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /shared/",
    "Disallow: /api/",
    "Allow: /api/documents/*/thumbnail",
    "Allow: /api/dashboards/*/thumbnail",
    "Disallow: /preferences/",
    "Disallow: /unauthorized",
    "Disallow: /*?",
    "",
    `Sitemap: ${new URL("/sitemap.xml", origin).href}`,
    "",
  ].join("\n");
}
