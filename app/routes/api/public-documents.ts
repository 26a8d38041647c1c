import { app } from "~/.server/context";
import { listPublicListItems } from "~/.server/documents/documents.service";
import type { Route } from "./+types/public-documents";

/**
 * GET /api/public/documents?category=Report&q=... : the public list as JSON for
 * integrations (ARCHITECTURE.md section 3; the old public-content/list call).
 * Published documents only, newest first; an unknown category gives [].
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const items = await listPublicListItems(app(), { category: params.get("category"), q: params.get("q") });
  return Response.json(items, {
    headers: {
      "Content-Type": "application/json",
      "Cache-Control": "public, max-age=60",
      // Published data only: any site may read it from a browser (no credentials are sent or honoured).
      "Access-Control-Allow-Origin": "*",
    },
  });
}
