import { data, redirect } from "react-router";
import { DeleteConfirmation } from "~/components/admin/content/confirm-delete";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { deleteDashboard, findDashboard } from "~/.server/dashboards/dashboards.admin";
import { flashCookie } from "~/.server/http/flash";
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
  await requireUser(request);
  const dialog = (await request.formData()).get("_dialog") === "1";
  const ctx = app();
  const refuse = (description: string, status: number) => data({ ok: false, message: { tone: "error" as const, title: "Delete failed", description } }, { status });
  let deleted: { title: string } | null;
  try {
    deleted = await deleteDashboard(ctx, params.id);
  } catch (error) {
    ctx.log.error({ err: error, dashboardId: params.id }, "dashboard deletion failed");
    return refuse("The dashboard could not be deleted. Please try again.", 500);
  }
  if (!deleted) return refuse("Dashboard not found", 404);
  const message: ToastMessage = { tone: "success", title: "Dashboard deleted", description: `"${deleted.title}" has been deleted.` };
  if (dialog) return { ok: true, message };
  return redirect("/admin/dashboards", { headers: { "Set-Cookie": flashCookie(message) } });
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
