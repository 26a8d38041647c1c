import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { data } from "react-router";
import { CONTENT_ROLES, getSession, mustEnrolTwoFactor, requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { bulkUpload } from "~/.server/documents/bulk-upload";
import { facetSuggestions } from "~/.server/documents/documents.service";
import { folderChoices } from "~/.server/folders/folders.admin";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { bulkSummaryOf, localMessage } from "~/components/admin/content/messages";
import { BulkUploadForm, BulkUploadPlainForm } from "~/components/admin/folders/bulk-upload";
import { useHydrated } from "~/components/ui/use-hydrated";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { DOCUMENT_MESSAGES } from "~/lib/document-form";
import type { BulkFileResult } from "~/lib/folders";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/folders-bulk-upload";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Bulk Upload | Admin Portal`) }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const folderId = new URL(request.url).searchParams.get("folderId") ?? "";
  const ctx = app();
  const [folders, suggestions] = await Promise.all([folderChoices(ctx), facetSuggestions(ctx)]);
  return { folders, suggestions, folderId };
}

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/** The results' messages (the upload rules', in English) in the request's language. */
function localResults(results: BulkFileResult[], language: ReturnType<typeof i18nFor>): BulkFileResult[] {
  return results.map((r) => (r.ok ? r : { ...r, message: localMessage(r.message, language) }));
}

/**
 * With JavaScript each file is sent by XMLHttpRequest (for its own progress bar) asking for JSON;
 * React Router answers a page's action with the whole page, so this middleware answers such a
 * request itself.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    if (request.method !== "POST" || !(request.headers.get("Accept") ?? "").includes("application/json")) return next();
    const session = await getSession(request);
    const i18n = i18nFor(requestLanguage(request));
    if (!session || !CONTENT_ROLES.includes(session.user.role) || (await mustEnrolTwoFactor(session)))
      return json({ ok: false, message: localMessage(DOCUMENT_MESSAGES.notAuthenticated, i18n) }, 401);
    try {
      const outcome = await bulkUpload(app(), request, session.user, requestMeta(request));
      return outcome.ok
        ? json({ ...outcome, results: localResults(outcome.results, i18n) })
        : json({ ok: false, message: localMessage(outcome.message, i18n), results: localResults(outcome.results, i18n) }, outcome.status);
    } catch (error) {
      app().log.error({ err: error }, "bulk upload failed");
      return json({ ok: false, message: localMessage(DOCUMENT_MESSAGES.uploadFailed, i18n) }, 500);
    }
  },
];

/** Without JavaScript: every file in one request; the page shows each file's result. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const ctx = app();
  const i18n = i18nFor(requestLanguage(request));
  try {
    const outcome = await bulkUpload(ctx, request, session.user, requestMeta(request));
    if (!outcome.ok)
      return data(
        { results: outcome.results.length ? localResults(outcome.results, i18n) : null, message: localMessage(outcome.message, i18n) },
        { status: outcome.status },
      );
    return { results: localResults(outcome.results, i18n), message: null };
  } catch (error) {
    ctx.log.error({ err: error }, "bulk upload failed");
    return data({ results: null, message: localMessage(DOCUMENT_MESSAGES.uploadFailed, i18n) }, { status: 500 });
  }
}

export default function BulkUploadPage({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const results = actionData?.results ?? null;
  const { i18n, t } = useLingui();
  const toastMessage = useMemo<ToastMessage | null>(() => {
    if (actionData?.message) return { tone: "error", title: actionData.message };
    if (!results) return null;
    return {
      tone: results.every((r) => r.ok) ? "success" : "error",
      title: t`Bulk upload finished`,
      description: bulkSummaryOf(results, i18n),
    };
  }, [actionData, results, i18n, t]);
  useToastMessage(toastMessage);
  return (
    <>
      <p>
        <a href="/admin/folders" className="text-sm text-brand-700 underline">
          <Trans>Back to folders</Trans>
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        <Trans>Bulk Upload</Trans>
      </h1>
      <div className="mt-4 max-w-3xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        {hydrated && !actionData ? (
          <BulkUploadForm folders={loaderData.folders} suggestions={loaderData.suggestions} folderId={loaderData.folderId} />
        ) : (
          <BulkUploadPlainForm
            folders={loaderData.folders}
            suggestions={loaderData.suggestions}
            folderId={loaderData.folderId}
            results={results}
            message={actionData?.message ?? null}
          />
        )}
      </div>
    </>
  );
}
