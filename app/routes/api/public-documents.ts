import { app } from "~/.server/context";
import { listPublicListItems } from "~/.server/documents/documents.service";
import { canonicalCategory } from "~/lib/categories";
import { PER_MAX, readListQuery } from "~/lib/document-query";
import type { Route } from "./+types/public-documents";

const HEADERS = {
  "Content-Type": "application/json",
  "Cache-Control": "public, max-age=60",
  // Published data only: any site may read it from a browser (no credentials are sent or honoured).
  "Access-Control-Allow-Origin": "*",
  // Scripts on other sites may read the paging headers too.
  "Access-Control-Expose-Headers": "Link, X-Total-Count",
};

/**
 * GET /api/public/documents: the public list as JSON for integrations (ARCHITECTURE.md section 3;
 * the old public-content/list call). Takes the lists' query, facets, sort and paging (issue 10;
 * `per` defaults to 100, the largest page, so integrations written for the unpaged list get as
 * much as a page can hold). The body stays the spec's array of list items; `X-Total-Count` gives
 * the total and `Link` the next and previous pages. An unknown category gives [].
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = url.searchParams;
  const category = params.get("category");
  if (category && category.trim().toLowerCase() !== "all" && !canonicalCategory(category)) {
    return Response.json([], { headers: { ...HEADERS, "X-Total-Count": "0" } });
  }
  const query = readListQuery(params, { per: PER_MAX, category: true });
  const page = await listPublicListItems(app(), query);
  const link = (n: number, rel: string) => {
    const next = new URL(url);
    next.searchParams.set("page", String(n));
    return `<${next.pathname}${next.search}>; rel="${rel}"`;
  };
  const links = [
    ...(page.page > 1 ? [link(page.page - 1, "prev")] : []),
    ...(page.page < page.pageCount ? [link(page.page + 1, "next")] : []),
  ];
  return Response.json(page.items, {
    headers: { ...HEADERS, "X-Total-Count": String(page.total), ...(links.length ? { Link: links.join(", ") } : {}) },
  });
}
