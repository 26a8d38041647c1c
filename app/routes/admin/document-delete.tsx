import { data } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { deleteDocument, findAdminDocument } from "~/.server/documents/manage";
import { deleteAction } from "~/.server/http/delete-action";
import { DeleteConfirmation } from "~/components/admin/content/confirm-delete";
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
  return deleteAction(request, { noun: "Document", id: params.id, listHref: "/admin/documents", remove: deleteDocument });
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
