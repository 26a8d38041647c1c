import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { readDashboardForm } from "~/.server/dashboards/dashboard-thumbnails";
import { createDashboard } from "~/.server/dashboards/dashboards.admin";
import { flashCookie } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { DashboardPageForm } from "~/components/admin/content/dashboard-form";
import { FALLBACK_TITLES, localSplit } from "~/components/admin/content/messages";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { DASHBOARD_MESSAGES, dashboardFieldsFrom, NEW_DASHBOARD_FIELDS } from "~/lib/dashboard-form";
import { THUMBNAIL_MESSAGES } from "~/lib/dashboard-thumbnail";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/dashboard-new";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Create Dashboard | Admin Portal`) }];

/** The Create Dashboard form's page (without JavaScript); its action also serves the dialog. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const { form, thumbnail, rejected } = await readDashboardForm(request);
  const fields = dashboardFieldsFrom(form);
  const i18n = i18nFor(requestLanguage(request));
  const refuse = (message: ToastMessage, field: string | null, status: number) => data({ ok: false, message, field, fields }, { status });
  // A refused image refuses the whole form: nothing was stored, no dashboard is created.
  if (rejected)
    return refuse(
      { tone: "error", ...localSplit(rejected, i18n, FALLBACK_TITLES.creationFailed) },
      "thumbnail",
      rejected === THUMBNAIL_MESSAGES.tooLarge ? 413 : 400,
    );
  const ctx = app();
  let outcome: Awaited<ReturnType<typeof createDashboard>>;
  try {
    outcome = await createDashboard(ctx, fields, session.user, thumbnail, requestMeta(request));
  } catch (error) {
    ctx.log.error({ err: error }, "dashboard creation failed");
    return refuse({ tone: "error", ...localSplit(DASHBOARD_MESSAGES.createFailed, i18n) }, null, 500);
  }
  if (!outcome.ok)
    return refuse({ tone: "error", ...localSplit(outcome.message, i18n, FALLBACK_TITLES.creationFailed) }, outcome.field, outcome.status);
  const title = outcome.dashboard.title;
  const message: ToastMessage = {
    tone: "success",
    title: i18n._(msg`Dashboard created`),
    description: i18n._(msg`"${title}" has been created.`),
  };
  if (form.get("_dialog") === "1") return { ok: true, message, field: null, fields: null };
  return redirect("/admin/dashboards", { headers: { "Set-Cookie": flashCookie(message) } });
}

export default function NewDashboard({ actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const state =
    actionData && !actionData.ok ? { message: actionData.message, field: actionData.field, fields: actionData.fields } : { message: null };
  return (
    <>
      <p>
        <a href="/admin/dashboards" className="text-sm text-brand-700 underline">
          <Trans>Back to dashboards</Trans>
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        <Trans>Create Dashboard</Trans>
      </h1>
      <div className="mt-4">
        <DashboardPageForm values={NEW_DASHBOARD_FIELDS} state={state} submitLabel={t`Create Dashboard`} />
      </div>
    </>
  );
}
