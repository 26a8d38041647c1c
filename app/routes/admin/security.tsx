import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import {
  SECURITY_EVENT_ACTIONS,
  SECURITY_EVENTS_PAGE_SIZE,
  SECURITY_PERIODS,
  type SecurityEventFilter,
  type SecurityPeriod,
  securityEvents,
} from "~/.server/activity/activity.service";
import { ADMIN_ONLY, clearedSessionCookie, requireUser } from "~/.server/auth/guards";
import { listLiveSessions, revokeSession } from "~/.server/auth/session-admin";
import { app } from "~/.server/context";
import type { ActivityLogRow } from "~/.server/db/types";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { ActiveSessions } from "~/components/admin/active-sessions";
import { SecurityEvents } from "~/components/admin/security-events";
import { Alert } from "~/components/ui/alert";
import { useToastMessage } from "~/components/ui/use-toast-message";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { readPaging } from "~/lib/paging";
import type { Route } from "./+types/security";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Security | Admin Portal`) }];

function parseFilter(params: URLSearchParams): SecurityEventFilter {
  const action = params.get("action");
  const period = params.get("period");
  return {
    action: SECURITY_EVENT_ACTIONS.find((a) => a === action) ?? null,
    email: (params.get("email") ?? "").slice(0, 200),
    period: period && Object.hasOwn(SECURITY_PERIODS, period) ? (period as SecurityPeriod) : "all",
    ...readPaging(params, SECURITY_EVENTS_PAGE_SIZE),
  };
}

/** What the page shows of a log row: the e-mail apart, the other details as one line of text. */
function presentEvent(row: ActivityLogRow) {
  let details: Record<string, unknown> = {};
  try {
    details = JSON.parse(row.details) as Record<string, unknown>;
  } catch {
    // A malformed row still shows its action and time.
  }
  const { email, ...rest } = details;
  return {
    id: row.id,
    action: row.action,
    createdAt: row.created_at,
    email: typeof email === "string" ? email : null,
    ip: row.ip_address,
    userAgent: row.user_agent,
    details: Object.entries(rest)
      .map(([k, v]) => `${k.replace(/_/g, " ")}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
      .join(", "),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request, ADMIN_ONLY);
  const ctx = app();
  const filter = parseFilter(new URL(request.url).searchParams);
  const [page, sessions] = await Promise.all([securityEvents(ctx, filter), listLiveSessions(ctx)]);
  return {
    filter,
    actions: [...SECURITY_EVENT_ACTIONS],
    events: page.events.map(presentEvent),
    total: page.total,
    page: page.page,
    per: page.per,
    pageCount: page.pageCount,
    sessions: sessions.map((s) => ({ ...s, current: s.id === session.id })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request, ADMIN_ONLY);
  const form = await request.formData();
  if (form.get("intent") !== "revoke") throw data({ message: "Unknown action" }, { status: 400 });
  const sessionId = String(form.get("sessionId") ?? "");
  const revoked = await revokeSession(app(), session.user, sessionId, requestMeta(request));
  // Revoking the session in use signs this browser out, like Logout.
  if (sessionId === session.id) throw redirect("/admin/login", { headers: { "Set-Cookie": clearedSessionCookie() } });
  const i18n = i18nFor(requestLanguage(request));
  return revoked
    ? { message: { tone: "success" as const, title: i18n._(msg`Session revoked`), description: i18n._(msg`That browser is signed out.`) } }
    : { message: { tone: "error" as const, title: i18n._(msg`Session not found`), description: i18n._(msg`It had already ended.`) } };
}

export default function AdminSecurity({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.message);
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Security</Trans>
      </h1>
      {actionData?.message ? (
        <div className="mt-4">
          <Alert tone={actionData.message.tone} title={actionData.message.title}>
            {actionData.message.description}
          </Alert>
        </div>
      ) : null}
      <ActiveSessions sessions={loaderData.sessions} />
      <SecurityEvents
        filter={loaderData.filter}
        actions={loaderData.actions}
        events={loaderData.events}
        total={loaderData.total}
        page={loaderData.page}
        per={loaderData.per}
        pageCount={loaderData.pageCount}
      />
    </>
  );
}
