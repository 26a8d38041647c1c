import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans as RuntimeTrans } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Trash2 } from "lucide-react";
import { Fragment } from "react";
import { Form } from "react-router";
import { Alert } from "../../ui/alert";
import { SpriteIcon } from "../../ui/icon-sprite";
import { buttonClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";
import { useDialogAction, useRowDialogFetcher, useRowDialogResult } from "./action-result";
import { AdminDialog } from "./admin-dialog";

export const dangerButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";

export type DeleteKind = "document" | "dashboard" | "attachment" | "folder";

export interface DeleteTarget {
  /** What is deleted: the dialog asks "Delete document?" and says what else goes. */
  kind: DeleteKind;
  title: string;
  /** The confirmation page; its POST deletes. */
  href: string;
  /** A folder's documents, which are kept (moved out of the folder). */
  documentCount?: number;
}

/** One question per kind: a noun put into a sentence does not translate. */
const QUESTIONS: Record<DeleteKind, MessageDescriptor> = {
  document: msg`Delete document?`,
  dashboard: msg`Delete dashboard?`,
  attachment: msg`Delete attachment?`,
  folder: msg`Delete folder?`,
};

function question(kind: DeleteKind, i18n: I18n): string {
  return i18n._(QUESTIONS[kind]);
}

/**
 * What deleting does, one sentence per kind; `<0>` wraps the quoted title (bold on the
 * confirmation page, plain in the dialog).
 */
function consequence(target: DeleteTarget, quoted: string): MessageDescriptor {
  const count = target.documentCount ?? 0;
  if (target.kind === "dashboard")
    return msg`<0>${quoted}</0> will be deleted permanently, and disappear from the public dashboards page. This cannot be undone.`;
  if (target.kind === "folder")
    return count === 0
      ? msg`<0>${quoted}</0> will be deleted permanently, it holds no documents. This cannot be undone.`
      : msg`<0>${quoted}</0> will be deleted permanently, its ${plural(count, { one: "# document is", other: "# documents are" })} kept and moved out of the folder. This cannot be undone.`;
  return msg`<0>${quoted}</0> will be deleted permanently, with its file. This cannot be undone.`;
}

function Consequence({ target, quoted, wrap }: { target: DeleteTarget; quoted: string; wrap: React.ReactElement }) {
  const sentence = consequence(target, quoted);
  // The runtime component renders a descriptor's <0> with the element given.
  return <RuntimeTrans id={sentence.id} message={sentence.message} values={sentence.values} components={{ 0: wrap }} />;
}

/**
 * Delete with confirmation: with JavaScript a dialog naming the item, whose form posts to the
 * confirmation page's action; without it, a link to that page (DeleteConfirmation below).
 */
export function DeleteButton({ target }: { target: DeleteTarget }) {
  const hydrated = useHydrated();
  const fetcher = useRowDialogFetcher();
  const { open, setOpen, error } = useDialogAction(useRowDialogResult(), { toasts: false });
  const { i18n, t } = useLingui();
  const title = target.title;
  const label = t`Delete ${title}`;
  if (!hydrated) {
    return (
      <a href={target.href} className={buttonClass.ghost} aria-label={label}>
        <SpriteIcon name="trash" className="h-4 w-4 text-red-700" />
      </a>
    );
  }
  const busy = fetcher.state !== "idle";
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      title={question(target.kind, i18n)}
      description={<Consequence target={target} quoted={`"${title}"`} wrap={<Fragment />} />}
      trigger={
        <button type="button" className={buttonClass.ghost} aria-label={label}>
          <SpriteIcon name="trash" className="h-4 w-4 text-red-700" />
        </button>
      }
    >
      {error ? (
        <div className="mb-4">
          <Alert tone="error" title={error.message.title}>
            {error.message.description}
          </Alert>
        </div>
      ) : null}
      <fetcher.Form method="post" action={target.href} className="flex justify-end gap-2">
        <input type="hidden" name="_dialog" value="1" />
        <button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className={dangerButtonClass} disabled={busy}>
          <Trash2 aria-hidden className="h-4 w-4" />
          {busy ? t`Deleting...` : t`Delete`}
        </button>
      </fetcher.Form>
    </AdminDialog>
  );
}

/** The confirmation page (works without JavaScript): the question, the item, Delete and Cancel. */
export function DeleteConfirmation({
  target,
  cancelHref,
  error,
}: {
  target: DeleteTarget;
  cancelHref: string;
  error?: { title: string; description?: string } | null;
}) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="delete-heading" className="max-w-xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h1 id="delete-heading" className="text-2xl font-bold">
        {question(target.kind, i18n)}
      </h1>
      {error ? (
        <div className="mt-4">
          <Alert tone="error" title={error.title}>
            {error.description}
          </Alert>
        </div>
      ) : null}
      <p className="mt-3 text-slate-700">
        <Consequence target={target} quoted={`“${target.title}”`} wrap={<strong />} />
      </p>
      <Form method="post" className="mt-5 flex flex-wrap gap-2">
        <button type="submit" className={dangerButtonClass}>
          <Trash2 aria-hidden className="h-4 w-4" />
          <Trans>Delete</Trans>
        </button>
        <a href={cancelHref} className={buttonClass.secondary}>
          <Trans>Cancel</Trans>
        </a>
      </Form>
    </section>
  );
}
