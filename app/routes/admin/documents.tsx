import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { CONTENT_ROLES, getSession, mustEnrolTwoFactor, requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { facetSuggestions, listDocuments } from "~/.server/documents/documents.service";
import { toAdminDocument } from "~/.server/documents/manage";
import { type UploadFormFields, uploadDocument } from "~/.server/documents/upload";
import { readFlash } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { CreateDashboardButton } from "~/components/admin/content/dashboard-form";
import { DOCUMENTS_PATH, DocumentsFilter, documentsHref, isNarrowed, readDocumentState } from "~/components/admin/content/documents-filter";
import { DocumentsTable } from "~/components/admin/content/documents-table";
import { localParts, localSplit } from "~/components/admin/content/messages";
import { RefreshButton } from "~/components/admin/content/refresh-button";
import { UploadDocumentForm } from "~/components/admin/content/upload-document-form";
import { useLiveReload } from "~/components/admin/content/use-live-reload";
import { Alert } from "~/components/ui/alert";
import { Pager } from "~/components/ui/pager";
import { buttonClass } from "~/components/ui/styles";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { NO_SUGGESTIONS } from "~/lib/document-facets";
import { DOCUMENT_MESSAGES } from "~/lib/document-form";
import { readListQuery, TABLE_PER } from "~/lib/document-query";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/documents";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Documents | Admin Portal`) }];

function loadFailed(i18n: I18n): ToastMessage {
  return {
    tone: "error",
    title: i18n._(msg`Error loading documents`),
    description: i18n._(msg`The documents could not be loaded. Please try Refresh.`),
  };
}

/**
 * One page of the documents (50 unless `?per=` says otherwise), filtered by the search words (the
 * ranked search), `state` (published or draft), category and sort: all in the address.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const ctx = app();
  // The layout shows a redirect's message as a toast and clears it; the page also shows it inline.
  const flash = readFlash(request).message;
  const params = new URL(request.url).searchParams;
  const query = readListQuery(params, { per: TABLE_PER, category: true });
  const state = readDocumentState(params);
  try {
    const listed = await listDocuments(ctx, { query, scope: "staff", state });
    const suggestions = await facetSuggestions(ctx, listed.version);
    const { items, ...paging } = listed.page;
    return {
      documents: items.map(({ row, reading }) => toAdminDocument(row, reading)),
      paging,
      query,
      state,
      suggestions,
      flash,
      loadError: null,
    };
  } catch (error) {
    ctx.log.error({ err: error }, "loading documents failed");
    const loadError = loadFailed(i18nFor(requestLanguage(request)));
    return data({ documents: [], paging: null, query, state, suggestions: NO_SUGGESTIONS, flash, loadError }, { status: 500 });
  }
}

interface UploadAnswer {
  status: number;
  ok: boolean;
  message: ToastMessage;
  fields: UploadFormFields | null;
  document: { id: string; title: string } | null;
}

async function runUpload(request: Request, user: { id: string }): Promise<UploadAnswer> {
  const i18n = i18nFor(requestLanguage(request));
  const outcome = await uploadDocument(app(), request, user, requestMeta(request));
  if (!outcome.ok) {
    // The upload's rules (app/lib) answer in English: in the request's language here.
    const message: ToastMessage = { tone: "error", ...localParts({ title: outcome.title, description: outcome.description }, i18n) };
    return { status: outcome.status, ok: false, message, fields: outcome.fields, document: null };
  }
  const { id, title } = outcome.document;
  const message: ToastMessage = {
    tone: "success",
    title: i18n._(msg`Upload successful`),
    description: i18n._(msg`"${title}" has been uploaded.`),
  };
  return { status: 200, ok: true, message, fields: null, document: { id, title } };
}

function jsonAnswer(answer: Pick<UploadAnswer, "status" | "ok" | "message" | "document">): Response {
  const { status, ok, message, document } = answer;
  return Response.json({ ok, message, document }, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * With JavaScript the upload form is sent by XMLHttpRequest (for a real progress bar) and asks
 * for JSON. React Router answers a page's action with the whole HTML page, so this route's
 * middleware answers such a request itself, before the page would be rendered.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    if (request.method !== "POST" || !(request.headers.get("Accept") ?? "").includes("application/json")) return next();
    const session = await getSession(request);
    const i18n = i18nFor(requestLanguage(request));
    if (!session || !CONTENT_ROLES.includes(session.user.role) || (await mustEnrolTwoFactor(session))) {
      return jsonAnswer({
        status: 401,
        ok: false,
        message: { tone: "error", ...localSplit(DOCUMENT_MESSAGES.notAuthenticated, i18n) },
        document: null,
      });
    }
    try {
      return jsonAnswer(await runUpload(request, session.user));
    } catch (error) {
      app().log.error({ err: error }, "upload failed");
      return jsonAnswer({
        status: 500,
        ok: false,
        message: { tone: "error", ...localSplit(DOCUMENT_MESSAGES.uploadFailed, i18n) },
        document: null,
      });
    }
  },
];

/** The upload without JavaScript: the same form, answered with the page. */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const answer = await runUpload(request, session.user);
  return data({ message: answer.message, fields: answer.fields }, { status: answer.status });
}

export default function AdminDocuments({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.message);
  useToastMessage(loaderData.loadError);
  useLiveReload("document");
  const { query, state, paging } = loaderData;
  const narrowed = isNarrowed(query, state);
  const total = paging?.total ?? 0;
  const { t } = useLingui();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>Documents</Trans>
        </h1>
        <div className="flex flex-wrap gap-2">
          <a href="#upload-heading" className={buttonClass.primary}>
            <Trans>Upload Document</Trans>
          </a>
          <CreateDashboardButton />
          <RefreshButton href={documentsHref(query, state, { page: paging?.page ?? 1 })} />
        </div>
      </div>
      {loaderData.flash ? (
        <div className="mt-4">
          <Alert tone={loaderData.flash.tone} title={loaderData.flash.title}>
            {loaderData.flash.description}
          </Alert>
        </div>
      ) : null}

      <section aria-labelledby="upload-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="upload-heading" tabIndex={-1} className="text-lg font-semibold">
          <Trans>Upload Document</Trans>
        </h2>
        <UploadDocumentForm
          key={actionData ? JSON.stringify(actionData) : "fresh"}
          result={actionData ?? null}
          suggestions={loaderData.suggestions}
        />
      </section>

      <section aria-labelledby="list-heading" className="mt-8">
        <h2 id="list-heading" className="text-lg font-semibold">
          {narrowed ? t`Matching documents (${total})` : t`All documents (${total})`}
        </h2>
        <DocumentsFilter query={query} state={state} />
        {loaderData.loadError ? (
          <div className="mt-4">
            <Alert tone="error" title={loaderData.loadError.title}>
              {loaderData.loadError.description}
            </Alert>
          </div>
        ) : loaderData.documents.length === 0 ? (
          <div className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            <p>
              <Trans>No Documents Found</Trans>
            </p>
            {narrowed ? (
              <p className="mt-1 text-sm">
                <Trans>
                  No documents match these filters.{" "}
                  <a href={DOCUMENTS_PATH} className="font-medium text-brand-700 underline">
                    Show all documents
                  </a>
                </Trans>
              </p>
            ) : null}
          </div>
        ) : (
          <>
            <DocumentsTable documents={loaderData.documents} suggestions={loaderData.suggestions} />
            {paging ? (
              <Pager
                label={t`Pages of documents`}
                page={paging.page}
                pageCount={paging.pageCount}
                hrefFor={(n) => documentsHref(query, state, { page: n })}
              />
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
