import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { deleteDashboard, findDashboard } from "~/.server/dashboards/dashboards.admin";
import { deleteAction } from "~/.server/http/delete-action";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { DeleteConfirmation } from "~/components/admin/content/confirm-delete";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/dashboard-delete";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Delete dashboard | Admin Portal`) }];

/** Delete with confirmation: this page without JavaScript; its action also serves the dialog. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const dashboard = await findDashboard(app(), params.id);
  if (!dashboard) throw data(i18nFor(requestLanguage(request))._(msg`Dashboard not found`), { status: 404 });
  return { dashboard: { id: dashboard.id, title: dashboard.title } };
}

export async function action({ request, params }: Route.ActionArgs) {
  return deleteAction(request, { noun: "Dashboard", id: params.id, listHref: "/admin/dashboards", remove: deleteDashboard });
}

export default function DeleteDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { dashboard } = loaderData;
  return (
    <DeleteConfirmation
      target={{ kind: "dashboard", title: dashboard.title, href: `/admin/dashboards/${dashboard.id}/delete` }}
      cancelHref="/admin/dashboards"
      error={actionData && !actionData.ok ? actionData.message : null}
    />
  );
}
