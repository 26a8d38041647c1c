import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { wakeFileReader } from "~/.server/contents/reader";
import { app } from "~/.server/context";
import { addAttachment, relabelAttachment } from "~/.server/documents/attachments";
import { documentEditPage, rereadDocumentFile, updateDocument } from "~/.server/documents/manage";
import { flashCookie, readFlash } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { AttachmentsEditor, RELABEL_INTENT } from "~/components/admin/content/attachments-editor";
import { DocumentEditPage } from "~/components/admin/content/document-edit-form";
import { REREAD_INTENT, RereadForm } from "~/components/admin/content/reread-form";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { facetsInputOf } from "~/lib/document-facets";
import { splitMessage } from "~/lib/document-form";
import type { Route } from "./+types/document-edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit Document | Admin Portal" }];

/**
 * The Edit Document dialog's page: what it is without JavaScript, and where its form posts. It
 * also manages the document's attachments: adding one (a multipart form, streamed), relabelling
 * one (intent "relabel-attachment"); removing one has its confirmation page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const page = await documentEditPage(app(), params.id);
  if (!page) throw data("Document not found", { status: 404 });
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

function attachmentRefusal(message: string, status: number, attachmentId: string | null = null) {
  return data(
    { form: "attachment" as const, ok: false, message: { tone: "error" as const, ...splitMessage(message) }, attachmentId },
    { status },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireUser(request);
  const ctx = app();
  // Only the attachment form is multipart: its file streams to storage, never into memory.
  if ((request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    const outcome = await addAttachment(ctx, request, params.id);
    if (!outcome.ok) return attachmentRefusal(outcome.message, outcome.status);
    return backToPage(params.id, {
      tone: "success",
      title: "Attachment added",
      description: `"${outcome.attachment.label}" has been added.`,
    });
  }
  const form = await request.formData();
  if (text(form, "intent") === REREAD_INTENT) {
    if (!(await rereadDocumentFile(ctx, params.id))) throw data("Document not found", { status: 404 });
    wakeFileReader(ctx);
    return backToPage(params.id, {
      tone: "success",
      title: "File queued",
      description: "The file's text will be read again in a moment.",
    });
  }
  if (text(form, "intent") === RELABEL_INTENT) {
    const attachmentId = text(form, "attachmentId");
    const outcome = await relabelAttachment(ctx, params.id, attachmentId, text(form, "label"));
    if (!outcome.ok) return attachmentRefusal(outcome.message, outcome.status, attachmentId);
    return backToPage(params.id, {
      tone: "success",
      title: "Attachment updated",
      description: `"${outcome.attachment.label}" has been saved.`,
    });
  }
  const fields = {
    title: text(form, "title"),
    description: text(form, "description"),
    category: text(form, "category"),
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
    return refuse({ tone: "error", title: "Update Failed", description: "The document could not be saved. Please try again." }, null, 500);
  }
  if (!outcome.ok) return refuse({ tone: "error", ...splitMessage(outcome.message, "Update Failed") }, outcome.field, outcome.status);
  const message: ToastMessage = { tone: "success", title: "Document Updated", description: `"${outcome.document.title}" has been saved.` };
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
          Back to documents
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Edit Document</h1>
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
