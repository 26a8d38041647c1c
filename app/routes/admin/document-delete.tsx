import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { deleteDocument, findAdminDocument } from "~/.server/documents/manage";
import { deleteAction } from "~/.server/http/delete-action";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { DeleteConfirmation } from "~/components/admin/content/confirm-delete";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/document-delete";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Delete document | Admin Portal`) }];

/** Delete with confirmation: this page without JavaScript; its action also serves the dialog. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const document = await findAdminDocument(app(), params.id);
  if (!document) throw data(i18nFor(requestLanguage(request))._(msg`Document not found`), { status: 404 });
  return { document: { id: document.id, title: document.title } };
}

export async function action({ request, params }: Route.ActionArgs) {
  return deleteAction(request, { noun: "Document", id: params.id, listHref: "/admin/documents", remove: deleteDocument });
}

export default function DeleteDocument({ loaderData, actionData }: Route.ComponentProps) {
  const { document } = loaderData;
  return (
    <DeleteConfirmation
      target={{ kind: "document", title: document.title, href: `/admin/documents/${document.id}/delete` }}
      cancelHref="/admin/documents"
      error={actionData && !actionData.ok ? actionData.message : null}
    />
  );
}
