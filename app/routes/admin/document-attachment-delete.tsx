import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { findAttachmentOf, removeAttachment } from "~/.server/documents/attachments";
import { deleteAction } from "~/.server/http/delete-action";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { attachmentDeleteHref } from "~/components/admin/content/attachments-editor";
import { DeleteConfirmation } from "~/components/admin/content/confirm-delete";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/document-attachment-delete";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Delete attachment | Admin Portal`) }];

/** Removing an attachment asks first: this page without JavaScript; its action also serves the dialog. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const attachment = await findAttachmentOf(app(), params.id, params.attachmentId);
  if (!attachment) throw data(i18nFor(requestLanguage(request))._(msg`Attachment not found`), { status: 404 });
  return { documentId: params.id, attachment: { id: attachment.id, label: attachment.label } };
}

export async function action({ request, params }: Route.ActionArgs) {
  return deleteAction(request, {
    noun: "Attachment",
    id: params.attachmentId,
    listHref: `/admin/documents/${params.id}/edit`,
    remove: (ctx, attachmentId) => removeAttachment(ctx, params.id, attachmentId),
  });
}

export default function DeleteAttachment({ loaderData, actionData }: Route.ComponentProps) {
  const { documentId, attachment } = loaderData;
  return (
    <DeleteConfirmation
      target={{
        kind: "attachment",
        title: attachment.label,
        href: attachmentDeleteHref(documentId, attachment.id),
      }}
      cancelHref={`/admin/documents/${documentId}/edit`}
      error={actionData && !actionData.ok ? actionData.message : null}
    />
  );
}
