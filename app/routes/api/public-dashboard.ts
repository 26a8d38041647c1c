import { jsonAnswer, notFound } from "~/.server/api/json";
import { dashboardById } from "~/.server/api/public-api";
import { app } from "~/.server/context";
import type { Route } from "./+types/public-dashboard";

/** GET /api/public/dashboards/{id}: one published dashboard; 404 JSON when unknown or unpublished (decision 0035). */
export async function loader({ params }: Route.LoaderArgs) {
  const dashboard = await dashboardById(app(), params.id);
  return dashboard ? jsonAnswer(dashboard) : notFound("dashboard");
}
