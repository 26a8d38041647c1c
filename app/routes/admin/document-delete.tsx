import { data, redirect } from "react-router";
import { DeleteConfirmation } from "~/components/admin/content/confirm-delete";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { deleteDocument, findAdminDocument } from "~/.server/documents/manage";
import { flashCookie } from "~/.server/http/flash";
import type { Route } from "./+types/document-delete";

export const meta: Route.MetaFunction = () => [{ title: "Delete document | Admin Portal" }];

/** Delete with confirmation: this page without JavaScript; its action also serves the dialog. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const document = await findAdminDocument(app(), params.id);
  if (!document) throw data("Document not found", { status: 404 });
  return { document: { id: document.id, title: document.title } };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireUser(request);
  const dialog = (await request.formData()).get("_dialog") === "1";
  const ctx = app();
  const refuse = (description: string, status: number) => data({ ok: false, message: { tone: "error" as const, title: "Delete failed", description } }, { status });
  let deleted: { title: string } | null;
  try {
    deleted = await deleteDocument(ctx, params.id);
  } catch (error) {
    ctx.log.error({ err: error, documentId: params.id }, "document deletion failed");
    return refuse("The document could not be deleted. Please try again.", 500);
  }
  if (!deleted) return refuse("Document not found", 404);
  const message: ToastMessage = { tone: "success", title: "Document deleted", description: `"${deleted.title}" has been deleted.` };
  if (dialog) return { ok: true, message };
  return redirect("/admin/documents", { headers: { "Set-Cookie": flashCookie(message) } });
}

export default function DeleteDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { document } = loaderData;
  return (
    <DeleteConfirmation
      target={{ kind: "document", title: document.title, href: `/admin/documents/${document.id}/delete`, consequence: "with its file" }}
      cancelHref="/admin/documents"
      error={actionData && !actionData.ok ? actionData.message : null}
    />
  );
}
