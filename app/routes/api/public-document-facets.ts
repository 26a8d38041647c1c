import { jsonAnswer } from "~/.server/api/json";
import { documentFacets } from "~/.server/api/public-api";
import { app } from "~/.server/context";
import type { Route } from "./+types/public-document-facets";

/** GET /api/public/documents/facets: the facet counts of the published documents a list's query finds (decision 0035). */
export async function loader({ request }: Route.LoaderArgs) {
  return jsonAnswer(await documentFacets(app(), new URL(request.url).searchParams));
}
