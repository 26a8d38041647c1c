import { data } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { deleteDashboard, findDashboard } from "~/.server/dashboards/dashboards.admin";
import { deleteAction } from "~/.server/http/delete-action";
import { DeleteConfirmation } from "~/components/admin/content/confirm-delete";
import type { Route } from "./+types/dashboard-delete";

export const meta: Route.MetaFunction = () => [{ title: "Delete dashboard | Admin Portal" }];

const CONSEQUENCE = "and disappear from the public dashboards page";

/** Delete with confirmation: this page without JavaScript; its action also serves the dialog. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const dashboard = await findDashboard(app(), params.id);
  if (!dashboard) throw data("Dashboard not found", { status: 404 });
  return { dashboard: { id: dashboard.id, title: dashboard.title } };
}

export async function action({ request, params }: Route.ActionArgs) {
  return deleteAction(request, { noun: "Dashboard", id: params.id, listHref: "/admin/dashboards", remove: deleteDashboard });
}

export default function DeleteDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  return (
    <DeleteConfirmation
      target={{ kind: "dashboard", title: dashboard.title, href: `/admin/dashboards/${dashboard.id}/delete`, consequence: CONSEQUENCE }}
      cancelHref="/admin/dashboards"
      error={actionData && !actionData.ok ? actionData.message : null}
    />
  );
}
