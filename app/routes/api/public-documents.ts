import { jsonAnswer, pagingHeaders } from "~/.server/api/json";
import { documentsPage } from "~/.server/api/public-api";
import { app } from "~/.server/context";
import type { Route } from "./+types/public-documents";

/**
 * GET /api/public/documents: the public list as JSON for integrations (ARCHITECTURE.md section 3;
 * the old public-content/list call). Takes the lists' query, facets, sort and paging (issue 10;
 * `per` defaults to 100, the largest page, so integrations written for the unpaged list get as
 * much as a page can hold), read through the parameters /api/openapi.json documents (decision
 * 0035). The body stays the spec's array of list items; `X-Total-Count` gives the total and
 * `Link` the next and previous pages. An unknown category gives [].
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await documentsPage(app(), url.searchParams);
  return jsonAnswer(page.items, pagingHeaders(url, page));
}
