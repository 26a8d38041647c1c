/**
 * How the public JSON API answers (decision 0035): the same headers on every endpoint, paging
 * headers on the lists, and a JSON 404 for an id nothing published has.
 */

export const JSON_HEADERS = {
  "Content-Type": "application/json",
  "Cache-Control": "public, max-age=60",
  // Published data only: any site may read it from a browser (no credentials are sent or honoured).
  "Access-Control-Allow-Origin": "*",
  // Scripts on other sites may read the paging headers too.
  "Access-Control-Expose-Headers": "Link, X-Total-Count",
} as const;

export function jsonAnswer(body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { headers: { ...JSON_HEADERS, ...headers } });
}

/** The paging headers of a list: the total, and the previous and next pages as links. */
export function pagingHeaders(url: URL, page: { total: number; page: number; pageCount: number }): Record<string, string> {
  const link = (n: number, rel: string) => {
    const next = new URL(url);
    next.searchParams.set("page", String(n));
    return `<${next.pathname}${next.search}>; rel="${rel}"`;
  };
  const links = [
    ...(page.page > 1 ? [link(page.page - 1, "prev")] : []),
    ...(page.page < page.pageCount ? [link(page.page + 1, "next")] : []),
  ];
  return { "X-Total-Count": String(page.total), ...(links.length ? { Link: links.join(", ") } : {}) };
}

/** 404 for an unknown, draft or unpublished id: the answer is the same, so nothing unpublished is revealed. */
export function notFound(what: "document" | "dashboard"): Response {
  return Response.json(
    { error: "not_found", message: `No published ${what} has this id.` },
    { status: 404, headers: { ...JSON_HEADERS, "Cache-Control": "no-store" } },
  );
}
