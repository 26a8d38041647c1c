import { jsonAnswer } from "~/.server/api/json";
import { buildOpenApi } from "~/.server/api/openapi";
import { app } from "~/.server/context";
import { i18nFor } from "~/.server/i18n/i18n";
import type { Route } from "./+types/openapi-json";

/** GET /api/openapi.json: the OpenAPI 3.1 document of the public API, in English (decision 0035). */
export async function loader({ request }: Route.LoaderArgs) {
  return jsonAnswer(await buildOpenApi(app(), { i18n: i18nFor("en"), origin: new URL(request.url).origin }));
}
