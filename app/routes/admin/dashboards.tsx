import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { listAllDashboards, moveDashboard } from "~/.server/dashboards/dashboards.admin";
import { readFlash } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { CreateDashboardButton } from "~/components/admin/content/dashboard-form";
import { DashboardsTable } from "~/components/admin/content/dashboards-table";
import { RefreshButton } from "~/components/admin/content/refresh-button";
import { useLiveReload } from "~/components/admin/content/use-live-reload";
import { Alert } from "~/components/ui/alert";
import { useToastMessage } from "~/components/ui/use-toast-message";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/dashboards";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Dashboards | Admin Portal`) }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const dashboards = await listAllDashboards(app());
  return { dashboards, flash: readFlash(request).message };
}

/** Move up/down: plain POST forms, so reordering works without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const form = await request.formData();
  const direction = form.get("direction");
  const id = form.get("id");
  if (form.get("intent") !== "move" || typeof id !== "string" || (direction !== "up" && direction !== "down")) {
    throw data({ message: "Unknown action" }, { status: 400 });
  }
  const moved = await moveDashboard(app(), id, direction, session.user, requestMeta(request));
  const i18n = i18nFor(requestLanguage(request));
  if (!moved)
    return data(
      {
        message: {
          tone: "error" as const,
          title: i18n._(msg`Reorder failed`),
          description: i18n._(msg`The dashboard could not be moved. Please refresh the list.`),
        },
      },
      { status: 409 },
    );
  return { message: null };
}

export default function AdminDashboards({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.message);
  useLiveReload("dashboard");
  const notice = actionData?.message ?? loaderData.flash;
  const count = loaderData.dashboards.length;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>Dashboards</Trans>
        </h1>
        <div className="flex flex-wrap gap-2">
          <CreateDashboardButton />
          <RefreshButton href="/admin/dashboards" />
        </div>
      </div>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        <Trans>
          Public dashboards appear on the portal's Interactive Dashboards page in this order. Only https addresses can be embedded, and the
          site allows frames from the hosts of public dashboards only.
        </Trans>
      </p>
      {notice ? (
        <div className="mt-4">
          <Alert tone={notice.tone} title={notice.title}>
            {notice.description}
          </Alert>
        </div>
      ) : null}
      <section aria-labelledby="dashboards-heading" className="mt-6">
        <h2 id="dashboards-heading" className="text-lg font-semibold">
          <Trans>All dashboards ({count})</Trans>
        </h2>
        {loaderData.dashboards.length === 0 ? (
          <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            <Trans>No Dashboards Found</Trans>
          </p>
        ) : (
          <DashboardsTable dashboards={loaderData.dashboards} />
        )}
      </section>
    </>
  );
}
