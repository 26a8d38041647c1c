import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { readDashboardForm } from "~/.server/dashboards/dashboard-thumbnails";
import { createDashboard } from "~/.server/dashboards/dashboards.admin";
import { flashCookie } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { DashboardPageForm } from "~/components/admin/content/dashboard-form";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { DASHBOARD_MESSAGES, dashboardFieldsFrom, NEW_DASHBOARD_FIELDS } from "~/lib/dashboard-form";
import { THUMBNAIL_MESSAGES } from "~/lib/dashboard-thumbnail";
import { splitMessage } from "~/lib/document-form";
import type { Route } from "./+types/dashboard-new";

export const meta: Route.MetaFunction = () => [{ title: "Create Dashboard | Admin Portal" }];

/** The Create Dashboard form's page (without JavaScript); its action also serves the dialog. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const { form, thumbnail, rejected } = await readDashboardForm(request);
  const fields = dashboardFieldsFrom(form);
  const refuse = (message: ToastMessage, field: string | null, status: number) => data({ ok: false, message, field, fields }, { status });
  // A refused image refuses the whole form: nothing was stored, no dashboard is created.
  if (rejected)
    return refuse(
      { tone: "error", ...splitMessage(rejected, "Creation failed") },
      "thumbnail",
      rejected === THUMBNAIL_MESSAGES.tooLarge ? 413 : 400,
    );
  const ctx = app();
  let outcome: Awaited<ReturnType<typeof createDashboard>>;
  try {
    outcome = await createDashboard(ctx, fields, session.user, thumbnail, requestMeta(request));
  } catch (error) {
    ctx.log.error({ err: error }, "dashboard creation failed");
    return refuse({ tone: "error", ...splitMessage(DASHBOARD_MESSAGES.createFailed) }, null, 500);
  }
  if (!outcome.ok) return refuse({ tone: "error", ...splitMessage(outcome.message, "Creation failed") }, outcome.field, outcome.status);
  const message: ToastMessage = {
    tone: "success",
    title: "Dashboard created",
    description: `"${outcome.dashboard.title}" has been created.`,
  };
  if (form.get("_dialog") === "1") return { ok: true, message, field: null, fields: null };
  return redirect("/admin/dashboards", { headers: { "Set-Cookie": flashCookie(message) } });
}

export default function NewDashboard({ actionData }: Route.ComponentProps) {
  const state =
    actionData && !actionData.ok ? { message: actionData.message, field: actionData.field, fields: actionData.fields } : { message: null };
  return (
    <>
      <p>
        <a href="/admin/dashboards" className="text-sm text-brand-700 underline">
          Back to dashboards
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Create Dashboard</h1>
      <div className="mt-4">
        <DashboardPageForm values={NEW_DASHBOARD_FIELDS} state={state} submitLabel="Create Dashboard" />
      </div>
    </>
  );
}
