import { Form } from "react-router";
import { CONTENT_ROLES, getSession, mustEnrolTwoFactor, requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { ensureGuidanceFolder, runQuickSetup } from "~/.server/folders/quick-setup";
import { requestMeta } from "~/.server/http/request-meta";
import { PENDING_ITEMS, QuickSetupList } from "~/components/admin/folders/quick-setup";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/styles";
import { useToastMessage } from "~/components/ui/use-toast-message";
import { FOLDER_MESSAGES, quickSetupSummary } from "~/lib/folders";
import type { Route } from "./+types/folders-quick-setup";

export const meta: Route.MetaFunction = () => [{ title: "Quick Setup | Folders | Admin Portal" }];

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
  const failed = items.some((i) => i.status === "error");
  const summary = quickSetupSummary(items);
  return {
    items,
    summary,
    message: failed
      ? { tone: "error" as const, title: "Error", description: `${FOLDER_MESSAGES.guidanceFailed} (${summary})` }
      : { tone: "success" as const, title: "Guidance folders ready", description: summary },
  };
}

export default function QuickSetupPage({ actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.message);
  return (
    <>
      <p>
        <a href="/admin/folders" className="text-sm text-brand-700 underline">
          Back to folders
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Quick Setup</h1>
      <p className="mt-2 max-w-2xl text-sm text-slate-600">
        Creates the eleven guidance folders. Folders that already exist are kept and count as a success.
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
            Create guidance folders
          </button>
        </Form>
      </div>
    </>
  );
}
