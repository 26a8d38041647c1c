import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { readDashboardForm } from "~/.server/dashboards/dashboard-thumbnails";
import { findDashboard, updateDashboard } from "~/.server/dashboards/dashboards.admin";
import { flashCookie } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { DashboardPageForm } from "~/components/admin/content/dashboard-form";
import { FALLBACK_TITLES, localSplit } from "~/components/admin/content/messages";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { type DashboardFormFields, dashboardFieldsFrom } from "~/lib/dashboard-form";
import { THUMBNAIL_MESSAGES } from "~/lib/dashboard-thumbnail";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/dashboard-edit";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Edit Dashboard | Admin Portal`) }];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const dashboard = await findDashboard(app(), params.id);
  if (!dashboard) throw data(i18nFor(requestLanguage(request))._(msg`Dashboard not found`), { status: 404 });
  const values: DashboardFormFields = {
    title: dashboard.title,
    description: dashboard.description ?? "",
    type: dashboard.type,
    provider: dashboard.provider,
    url: dashboard.url ?? "",
    embed_url: dashboard.embed_url ?? "",
    display_order: String(dashboard.display_order),
    is_public: dashboard.is_public,
  };
  return { id: dashboard.id, title: dashboard.title, values, thumbnail: dashboard.thumbnail };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireUser(request);
  const { form, thumbnail, rejected } = await readDashboardForm(request);
  const fields = dashboardFieldsFrom(form);
  const i18n = i18nFor(requestLanguage(request));
  const refuse = (message: ToastMessage, field: string | null, status: number) =>
    data({ ok: false as const, message, field, fields }, { status });
  // A refused image refuses the whole edit: nothing was stored and the dashboard is unchanged.
  if (rejected)
    return refuse(
      { tone: "error", ...localSplit(rejected, i18n, FALLBACK_TITLES.updateFailed) },
      "thumbnail",
      rejected === THUMBNAIL_MESSAGES.tooLarge ? 413 : 400,
    );
  const ctx = app();
  let outcome: Awaited<ReturnType<typeof updateDashboard>>;
  try {
    outcome = await updateDashboard(ctx, params.id, fields, thumbnail, session.user, requestMeta(request));
  } catch (error) {
    ctx.log.error({ err: error, dashboardId: params.id }, "dashboard update failed");
    return refuse(
      {
        tone: "error",
        title: i18n._(FALLBACK_TITLES.updateFailed),
        description: i18n._(msg`The dashboard could not be saved. Please try again.`),
      },
      null,
      500,
    );
  }
  if (!outcome.ok)
    return refuse({ tone: "error", ...localSplit(outcome.message, i18n, FALLBACK_TITLES.updateFailed) }, outcome.field, outcome.status);
  const title = outcome.dashboard.title;
  const message: ToastMessage = {
    tone: "success",
    title: i18n._(msg`Dashboard updated`),
    description: i18n._(msg`"${title}" has been saved.`),
  };
  return redirect("/admin/dashboards", { headers: { "Set-Cookie": flashCookie(message) } });
}

export default function EditDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const state = actionData ? { message: actionData.message, field: actionData.field, fields: actionData.fields } : { message: null };
  return (
    <>
      <p>
        <a href="/admin/dashboards" className="text-sm text-brand-700 underline">
          <Trans>Back to dashboards</Trans>
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        <Trans>Edit Dashboard</Trans>
      </h1>
      <p className="mt-1 text-slate-600">{loaderData.title}</p>
      <div className="mt-4">
        <DashboardPageForm values={loaderData.values} state={state} submitLabel={t`Save Changes`} thumbnail={loaderData.thumbnail} />
      </div>
    </>
  );
}
