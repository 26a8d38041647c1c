import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { Form } from "react-router";
import { CONTENT_ROLES, getSession, mustEnrolTwoFactor, requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { ensureGuidanceFolder, runQuickSetup } from "~/.server/folders/quick-setup";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { FALLBACK_TITLES, localMessage, quickSetupSummaryText } from "~/components/admin/content/messages";
import { PENDING_ITEMS, QuickSetupList } from "~/components/admin/folders/quick-setup";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/styles";
import { useToastMessage } from "~/components/ui/use-toast-message";
import { FOLDER_MESSAGES } from "~/lib/folders";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/folders-quick-setup";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Quick Setup | Folders | Admin Portal`) }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * With JavaScript the dialog asks for one folder at a time and wants JSON; React Router would
 * answer a page's action with the whole page, so this middleware answers such a request itself.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    if (request.method !== "POST" || !(request.headers.get("Accept") ?? "").includes("application/json")) return next();
    const session = await getSession(request);
    if (!session || !CONTENT_ROLES.includes(session.user.role) || (await mustEnrolTwoFactor(session)))
      return json({ error: "Authentication required" }, 401);
    const name = (await request.formData()).get("name");
    if (typeof name !== "string") return json({ error: "Missing name" }, 400);
    const item = await ensureGuidanceFolder(app(), name, session.user, requestMeta(request));
    return json({ item }, item.status === "error" ? 500 : 200);
  },
];

/** Without JavaScript: every folder in one request, the same per-folder results on the page. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const items = await runQuickSetup(app(), session.user, requestMeta(request));
  const i18n = i18nFor(requestLanguage(request));
  const failed = items.some((i) => i.status === "error");
  const summary = quickSetupSummaryText(items, i18n);
  const failure = localMessage(FOLDER_MESSAGES.guidanceFailed, i18n);
  return {
    items,
    summary,
    message: failed
      ? { tone: "error" as const, title: i18n._(FALLBACK_TITLES.error), description: `${failure} (${summary})` }
      : { tone: "success" as const, title: i18n._(msg`Guidance folders ready`), description: summary },
  };
}

export default function QuickSetupPage({ actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.message);
  return (
    <>
      <p>
        <a href="/admin/folders" className="text-sm text-brand-700 underline">
          <Trans>Back to folders</Trans>
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        <Trans>Quick Setup</Trans>
      </h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        <Trans>Creates the eleven guidance folders. Folders that already exist are kept and count as a success.</Trans>
      </p>
      <div className="mt-4 max-w-2xl space-y-4">
        {actionData ? (
          <Alert tone={actionData.message.tone} title={actionData.message.title}>
            {actionData.message.description}
          </Alert>
        ) : null}
        <QuickSetupList items={actionData?.items ?? PENDING_ITEMS} />
        {actionData ? (
          <p className="text-sm font-semibold" data-testid="quick-setup-summary">
            {actionData.summary}
          </p>
        ) : null}
        <Form method="post">
          <button type="submit" className={buttonClass.primary}>
            <Trans>Create guidance folders</Trans>
          </button>
        </Form>
      </div>
    </>
  );
}
