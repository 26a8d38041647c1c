import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { FlaskConical } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { ADMIN_ONLY, requireUser, SESSION_COOKIE } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { readCookie } from "~/.server/http/cookies";
import { requestMeta } from "~/.server/http/request-meta";
import { runSelfTest } from "~/.server/system/self-test";
import { removeDueTestDocuments } from "~/.server/system/test-document";
import { RealtimeStatus, TestResults } from "~/components/admin/system/test-results";
import { buttonClass } from "~/components/ui/styles";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/test-suite";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Test Suite | Admin Portal`) }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, ADMIN_ONLY);
  // A cheap extra chance to clear a temporary document whose timer a restart lost.
  const ctx = app();
  await removeDueTestDocuments(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, "test document sweep failed"));
  return null;
}

/** "Run all tests": real checks, each with its own message (admin-and-sharing sections 2 and 8). */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request, ADMIN_ONLY);
  return runSelfTest(app(), { user: session.user, sessionToken: readCookie(request, SESSION_COOKIE) }, { meta: requestMeta(request) });
}

export default function AdminTestSuite({ actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const running = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Test Suite</Trans>
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        <Trans>
          Checks the database, sign-in, admin permissions, file storage and live updates on this server, and uploads a temporary unpublished
          document that is removed after 10 seconds.
        </Trans>
      </p>
      <Form method="post" className="mt-4">
        <button type="submit" className={buttonClass.primary} disabled={running}>
          <FlaskConical aria-hidden className="h-4 w-4" />
          {running ? t`Running tests...` : t`Run all tests`}
        </button>
      </Form>
      <RealtimeStatus />
      {actionData ? <TestResults ranAt={actionData.ranAt} results={actionData.results} /> : null}
    </>
  );
}
