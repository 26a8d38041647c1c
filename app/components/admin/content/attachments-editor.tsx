import { Trans, useLingui } from "@lingui/react/macro";
import { Paperclip, Save } from "lucide-react";
import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { ATTACHMENT_ACCEPT, ATTACHMENT_LABEL_MAX, checkAttachmentFile } from "~/lib/document-form";
import { formatSizeMb } from "~/lib/format";
import { Alert } from "../../ui/alert";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import type { ToastMessage } from "../../ui/use-toast-message";
import { DeleteButton } from "./confirm-delete";
import { localSplit } from "./messages";

/** The edit page's action tells a relabel from a document save by this intent. */
export const RELABEL_INTENT = "relabel-attachment";

export interface EditableAttachment {
  id: string;
  label: string;
  file_type: string | null;
  file_size: number | null;
}

export const attachmentDeleteHref = (documentId: string, attachmentId: string) =>
  `/admin/documents/${documentId}/attachments/${attachmentId}/delete`;

/**
 * A document's attachments on its edit page (issue 9 item 12): relabel or remove each, add one.
 * Plain forms posting to the edit page, so adding and relabelling work without JavaScript;
 * removing asks first (a dialog with JavaScript, a confirmation page without). With JavaScript a
 * chosen file is checked before it is sent; the server checks it again, content included.
 */
export function AttachmentsEditor({
  documentId,
  attachments,
  flash,
  refusal,
}: {
  documentId: string;
  attachments: EditableAttachment[];
  flash: ToastMessage | null;
  refusal: { message: ToastMessage; attachmentId: string | null } | null;
}) {
  const { t } = useLingui();
  const shown = refusal?.message ?? flash;
  const count = attachments.length;
  return (
    <section aria-labelledby="attachments-heading" className="mt-6 max-w-2xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="attachments-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Paperclip aria-hidden className="h-5 w-5" />
        <Trans>Attachments ({count})</Trans>
      </h2>
      {shown ? (
        <div className="mt-3">
          <Alert tone={shown.tone} title={shown.title}>
            {shown.description}
          </Alert>
        </div>
      ) : null}
      {attachments.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          <Trans>This document has no attachments.</Trans>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t`Attachments`}>
          {attachments.map((a) => (
            <AttachmentRow key={`${a.id}-${a.label}`} documentId={documentId} attachment={a} invalid={refusal?.attachmentId === a.id} />
          ))}
        </ul>
      )}
      {/* A new key after each change to the list clears the form once its file was added. */}
      <AddAttachmentForm key={attachments.map((a) => a.id).join()} />
    </section>
  );
}

function AttachmentRow({ documentId, attachment, invalid }: { documentId: string; attachment: EditableAttachment; invalid: boolean }) {
  const { i18n, t } = useLingui();
  const id = useId();
  const label = attachment.label;
  return (
    <li className="flex flex-wrap items-end gap-2 py-3" data-attachment={attachment.label}>
      <Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value={RELABEL_INTENT} />
        <input type="hidden" name="attachmentId" value={attachment.id} />
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-label`} className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
            <Trans>Label of {label}</Trans>
          </label>
          <input
            id={`${id}-label`}
            name="label"
            type="text"
            required
            defaultValue={attachment.label}
            aria-invalid={invalid || undefined}
            className={`${inputClass} mt-0.5`}
          />
        </div>
        <span className="pb-2 text-sm text-slate-600">
          {attachment.file_type ?? t`File`} · {formatSizeMb(attachment.file_size, i18n)}
        </span>
        <button type="submit" className={buttonClass.secondary} aria-label={t`Save label of ${label}`}>
          <Save aria-hidden className="h-4 w-4" />
          <Trans>Save label</Trans>
        </button>
      </Form>
      <DeleteButton
        target={{
          kind: "attachment",
          title: attachment.label,
          href: attachmentDeleteHref(documentId, attachment.id),
        }}
      />
    </li>
  );
}

function AddAttachmentForm() {
  const { i18n, t } = useLingui();
  const id = useId();
  const navigation = useNavigation();
  const [refused, setRefused] = useState<string | null>(null);
  const busy = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const message = refused ? localSplit(refused, i18n) : null;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="mt-4 grid gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 sm:grid-cols-2"
    >
      <h3 className="text-sm font-semibold sm:col-span-2">
        <Trans>Add an attachment</Trans>
      </h3>
      {message ? (
        <div className="sm:col-span-2">
          <Alert tone="error" title={message.title}>
            {message.description}
          </Alert>
        </div>
      ) : null}
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-file`} className={labelClass}>
          <Trans>
            Attachment file{" "}
            <span className="font-normal text-slate-600">(PDF, Word, Excel, PowerPoint, text, CSV or image; up to 50MB)</span>
          </Trans>
        </label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          required
          accept={ATTACHMENT_ACCEPT}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            const problem = file ? checkAttachmentFile(file) : null;
            setRefused(problem);
            if (problem) e.currentTarget.value = "";
          }}
          className={`${inputClass} mt-1`}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-label`} className={labelClass}>
          <Trans>
            Attachment label <span className="font-normal text-slate-600">(optional; the file's name when empty)</span>
          </Trans>
        </label>
        <input id={`${id}-label`} name="label" type="text" maxLength={ATTACHMENT_LABEL_MAX} className={`${inputClass} mt-1`} />
      </div>
      <div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          <Paperclip aria-hidden className="h-4 w-4" />
          {busy ? t`Adding...` : t`Add Attachment`}
        </button>
      </div>
    </Form>
  );
}
