import { Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Alert } from "../../ui/alert";
import { SpriteIcon } from "../../ui/icon-sprite";
import { buttonClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";
import { useDialogAction, useRowDialogFetcher } from "./action-result";
import { AdminDialog } from "./admin-dialog";

export const dangerButtonClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60";

export interface DeleteTarget {
  /** "document" or "dashboard": the dialog asks "Delete document?". */
  kind: string;
  title: string;
  /** The confirmation page; its POST deletes. */
  href: string;
  /** What else goes, e.g. "with its file". */
  consequence: string;
}

function question(kind: string): string {
  return `Delete ${kind}?`;
}

/**
 * Delete with confirmation: with JavaScript a dialog naming the item, whose form posts to the
 * confirmation page's action; without it, a link to that page (DeleteConfirmation below).
 */
export function DeleteButton({ target }: { target: DeleteTarget }) {
  const hydrated = useHydrated();
  const fetcher = useRowDialogFetcher();
  const { open, setOpen, error } = useDialogAction(fetcher.data, { toasts: false });
  const label = `Delete ${target.title}`;
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
      title={question(target.kind)}
      description={`"${target.title}" will be deleted permanently, ${target.consequence}. This cannot be undone.`}
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
          Cancel
        </button>
        <button type="submit" className={dangerButtonClass} disabled={busy}>
          <Trash2 aria-hidden className="h-4 w-4" />
          {busy ? "Deleting..." : "Delete"}
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
  return (
    <section aria-labelledby="delete-heading" className="max-w-xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h1 id="delete-heading" className="text-2xl font-bold">
        {question(target.kind)}
      </h1>
      {error ? (
        <div className="mt-4">
          <Alert tone="error" title={error.title}>
            {error.description}
          </Alert>
        </div>
      ) : null}
      <p className="mt-3 text-slate-700">
        <strong>“{target.title}”</strong> will be deleted permanently, {target.consequence}. This cannot be undone.
      </p>
      <Form method="post" className="mt-5 flex flex-wrap gap-2">
        <button type="submit" className={dangerButtonClass}>
          <Trash2 aria-hidden className="h-4 w-4" />
          Delete
        </button>
        <a href={cancelHref} className={buttonClass.secondary}>
          Cancel
        </a>
      </Form>
    </section>
  );
}
