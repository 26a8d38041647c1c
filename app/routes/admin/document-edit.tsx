import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { facetSuggestions } from "~/.server/documents/documents.service";
import { findAdminDocument, updateDocument } from "~/.server/documents/manage";
import { flashCookie } from "~/.server/http/flash";
import { DocumentEditPage } from "~/components/admin/content/document-edit-form";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { facetsInputOf } from "~/lib/document-facets";
import { splitMessage } from "~/lib/document-form";
import type { Route } from "./+types/document-edit";

export const meta: Route.MetaFunction = () => [{ title: "Edit Document | Admin Portal" }];

/** The Edit Document dialog's page: what it is without JavaScript, and where its form posts. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const ctx = app();
  const document = await findAdminDocument(ctx, params.id);
  if (!document) throw data("Document not found", { status: 404 });
  return { document, suggestions: await facetSuggestions(ctx) };
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

function texts(form: FormData, name: string): string[] {
  return form.getAll(name).filter((v): v is string => typeof v === "string");
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireUser(request);
  const form = await request.formData();
  const fields = {
    title: text(form, "title"),
    description: text(form, "description"),
    category: text(form, "category"),
    tags: text(form, "tags"),
    published: ["true", "on"].includes(text(form, "published")),
    ...facetsInputOf((name) => texts(form, name)),
  };
  const refuse = (message: ToastMessage, field: string | null, status: number) => data({ ok: false, message, field, fields }, { status });
  const ctx = app();
  let outcome: Awaited<ReturnType<typeof updateDocument>>;
  try {
    outcome = await updateDocument(ctx, params.id, fields);
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
  const state =
    actionData && !actionData.ok ? { message: actionData.message, field: actionData.field, fields: actionData.fields } : { message: null };
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
    </>
  );
}
