import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { wakeFileReader } from "~/.server/contents/reader";
import { app } from "~/.server/context";
import { addAttachment, relabelAttachment } from "~/.server/documents/attachments";
import { documentEditPage, rereadDocumentFile, updateDocument } from "~/.server/documents/manage";
import { flashCookie, readFlash } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { AttachmentsEditor, RELABEL_INTENT } from "~/components/admin/content/attachments-editor";
import { DocumentEditPage } from "~/components/admin/content/document-edit-form";
import { FALLBACK_TITLES, localSplit } from "~/components/admin/content/messages";
import { REREAD_INTENT, RereadForm } from "~/components/admin/content/reread-form";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { facetsInputOf } from "~/lib/document-facets";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/document-edit";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Edit Document | Admin Portal`) }];

/**
 * The Edit Document dialog's page: what it is without JavaScript, and where its form posts. It
 * also manages the document's attachments: adding one (a multipart form, streamed), relabelling
 * one (intent "relabel-attachment"); removing one has its confirmation page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const page = await documentEditPage(app(), params.id);
  if (!page) throw data(i18nFor(requestLanguage(request))._(msg`Document not found`), { status: 404 });
  // The layout shows a redirect's message as a toast and clears it; the page also shows it inline.
  return { ...page, flash: readFlash(request).message };
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function texts(form: FormData, name: string): string[] {
  return form.getAll(name).filter((v): v is string => typeof v === "string");
}

const editHref = (id: string) => `/admin/documents/${id}/edit`;

/** After a change to the attachments, the page again (no resubmission on reload), with the message. */
function backToPage(id: string, message: ToastMessage) {
  return redirect(editHref(id), { headers: { "Set-Cookie": flashCookie(message) } });
}

function attachmentRefusal(request: Request, message: string, status: number, attachmentId: string | null = null) {
  const i18n = i18nFor(requestLanguage(request));
  return data(
    { form: "attachment" as const, ok: false, message: { tone: "error" as const, ...localSplit(message, i18n) }, attachmentId },
    { status },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireUser(request);
  const ctx = app();
  const i18n = i18nFor(requestLanguage(request));
  // Only the attachment form is multipart: its file streams to storage, never into memory.
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const outcome = await addAttachment(ctx, request, params.id);
    if (!outcome.ok) return attachmentRefusal(request, outcome.message, outcome.status);
    const label = outcome.attachment.label;
    return backToPage(params.id, {
      tone: "success",
      title: i18n._(msg`Attachment added`),
      description: i18n._(msg`"${label}" has been added.`),
    });
  }
  const form = await request.formData();
  if (text(form, "intent") === REREAD_INTENT) {
    if (!(await rereadDocumentFile(ctx, params.id))) throw data(i18n._(msg`Document not found`), { status: 404 });
    wakeFileReader(ctx);
    return backToPage(params.id, {
      tone: "success",
      title: i18n._(msg`File queued`),
      description: i18n._(msg`The file's text will be read again in a moment.`),
    });
  }
  if (text(form, "intent") === RELABEL_INTENT) {
    const attachmentId = text(form, "attachmentId");
    const outcome = await relabelAttachment(ctx, params.id, attachmentId, text(form, "label"));
    if (!outcome.ok) return attachmentRefusal(request, outcome.message, outcome.status, attachmentId);
    const label = outcome.attachment.label;
    return backToPage(params.id, {
      tone: "success",
      title: i18n._(msg`Attachment updated`),
      description: i18n._(msg`"${label}" has been saved.`),
    });
  }
  const fields = {
    title: text(form, "title"),
    description: text(form, "description"),
    category: text(form, "category"),
    language: text(form, "language"),
    tags: text(form, "tags"),
    published: ["true", "on"].includes(text(form, "published")),
    ...facetsInputOf((name) => texts(form, name)),
  };
  const refuse = (message: ToastMessage, field: string | null, status: number) => data({ ok: false, message, field, fields }, { status });
  let outcome: Awaited<ReturnType<typeof updateDocument>>;
  try {
    outcome = await updateDocument(ctx, params.id, fields, session.user, requestMeta(request));
  } catch (error) {
    ctx.log.error({ err: error, documentId: params.id }, "document update failed");
    return refuse(
      {
        tone: "error",
        title: i18n._(FALLBACK_TITLES.updateFailed),
        description: i18n._(msg`The document could not be saved. Please try again.`),
      },
      null,
      500,
    );
  }
  if (!outcome.ok)
    return refuse({ tone: "error", ...localSplit(outcome.message, i18n, FALLBACK_TITLES.updateFailed) }, outcome.field, outcome.status);
  const title = outcome.document.title;
  const message: ToastMessage = {
    tone: "success",
    title: i18n._(msg`Document Updated`),
    description: i18n._(msg`"${title}" has been saved.`),
  };
  // The dialog (JavaScript) stays on the documents page; the page form goes back to it.
  if (text(form, "_dialog") === "1") return { ok: true, message, field: null, fields: null };
  return redirect("/admin/documents", { headers: { "Set-Cookie": flashCookie(message) } });
}

export default function EditDocument({ loaderData, actionData }: Route.ComponentProps) {
  const attachmentResult = actionData && "form" in actionData ? actionData : null;
  const editResult = actionData && !("form" in actionData) ? actionData : null;
  const state =
    editResult && !editResult.ok ? { message: editResult.message, field: editResult.field, fields: editResult.fields } : { message: null };
  return (
    <>
      <p>
        <a href="/admin/documents" className="text-sm text-brand-700 underline">
          <Trans>Back to documents</Trans>
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        <Trans>Edit Document</Trans>
      </h1>
      <div className="mt-4">
        <DocumentEditPage document={loaderData.document} state={state} suggestions={loaderData.suggestions} />
      </div>
      {loaderData.document.file?.reading ? <RereadForm reading={loaderData.document.file.reading} /> : null}
      <AttachmentsEditor
        documentId={loaderData.document.id}
        attachments={loaderData.attachments}
        flash={loaderData.flash}
        refusal={attachmentResult ? { message: attachmentResult.message, attachmentId: attachmentResult.attachmentId } : null}
      />
    </>
  );
}
