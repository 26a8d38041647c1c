import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { activityLogPage, isLogPeriod, LOGS_PAGE_SIZE, type LogFilter, logFilterChoices } from "~/.server/activity/logs";
import { ADMIN_ONLY, requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { LogTable } from "~/components/admin/system/log-table";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { readPaging } from "~/lib/paging";
import type { Route } from "./+types/logs";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`System Logs | Admin Portal`) }];

function parseFilter(params: URLSearchParams): LogFilter {
  const period = params.get("period");
  return {
    action: params.get("action")?.slice(0, 100) || null,
    entityType: params.get("entity")?.slice(0, 100) || null,
    email: (params.get("email") ?? "").slice(0, 200),
    period: isLogPeriod(period) ? period : "all",
    ...readPaging(params, LOGS_PAGE_SIZE),
  };
}

/** The activity log with filters and 50 rows a page (`?per=` 12 to 100), all in GET parameters. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, ADMIN_ONLY);
  const ctx = app();
  const filter = parseFilter(new URL(request.url).searchParams);
  const [page, choices] = await Promise.all([activityLogPage(ctx, filter), logFilterChoices(ctx)]);
  return { filter, ...choices, ...page };
}

export default function AdminLogs({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>System Logs</Trans>
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>Everything the server recorded: sign-ins, changes, views and downloads, newest first.</Trans>
      </p>
      <LogTable
        filter={loaderData.filter}
        actions={loaderData.actions}
        entityTypes={loaderData.entityTypes}
        entries={loaderData.entries}
        total={loaderData.total}
        page={loaderData.page}
        per={loaderData.per}
        pageCount={loaderData.pageCount}
      />
    </>
  );
}
