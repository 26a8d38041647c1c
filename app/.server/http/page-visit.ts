/**
 * Whether a request is a reader opening a page, which the pages that count views record (a
 * document's, a shared folder's, a dashboard's): a GET that the browser marks as a page load
 * (`Sec-Fetch-Mode: navigate`; a browser that sends no such header counts every GET), and not a
 * speculative prefetch. The page's own script fetching it again (live updates, the data-saver
 * switch: app/enhance/page-refresh.ts) is a fetch, not a visit.
 */
export function isPageVisit(request: Request): boolean {
  if (request.method !== "GET") return false;
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode && mode !== "navigate") return false;
  const purpose = `${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`;
  return !/prefetch/i.test(purpose);
}
