import { jsonAnswer } from "~/.server/api/json";
import { dashboardsList } from "~/.server/api/public-api";
import { app } from "~/.server/context";
import type { Route } from "./+types/public-dashboards";

/** GET /api/public/dashboards: the published dashboards, filtered and sorted as the dashboards page does (decision 0035). */
export async function loader({ request }: Route.LoaderArgs) {
  const dashboards = await dashboardsList(app(), new URL(request.url).searchParams);
  return jsonAnswer(dashboards, { "X-Total-Count": String(dashboards.length) });
}
