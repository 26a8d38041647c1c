import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import type { ToastMessage } from "../../ui/use-toast-message";

/** What the content screens' actions answer a dialog (with JavaScript) with. */
export interface ActionResult {
  ok: boolean;
  message: ToastMessage;
  /** The field a refusal is about, to mark it. */
  field?: string | null;
}

export function isActionResult(value: unknown): value is ActionResult {
  return typeof value === "object" && value !== null && "ok" in value && "message" in value;
}

/**
 * Runs once per new answer of a dialog's fetcher: shows its toast (unless `toasts` is false),
 * and calls `onSuccess` (closing the dialog) when it succeeded.
 */
export function useActionResult(data: unknown, onSuccess: () => void, toasts = true): ActionResult | null {
  const result = isActionResult(data) ? data : null;
  const seen = useRef<ActionResult | null>(null);
  const success = useRef(onSuccess);
  useEffect(() => {
    success.current = onSuccess;
  });
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    if (toasts) (result.ok ? toast.success : toast.error)(result.message.title, { description: result.message.description });
    if (result.ok) success.current();
  }, [result, toasts]);
  return result;
}

/**
 * A dialog whose form posts through a fetcher: open state, closing on success, and the refusal to
 * show inside it (an earlier refusal is not shown again when the dialog is opened anew).
 */
export function useDialogAction(
  data: unknown,
  { toasts = true }: { toasts?: boolean } = {},
): { open: boolean; setOpen: (open: boolean) => void; error: ActionResult | null } {
  const [open, setOpenState] = useState(false);
  const [staleData, setStaleData] = useState<unknown>(undefined);
  const result = useActionResult(data, () => setOpenState(false), toasts);
  const setOpen = (next: boolean) => {
    if (next) setStaleData(data);
    setOpenState(next);
  };
  return { open, setOpen, error: result && !result.ok && data !== staleData ? result : null };
}

/**
 * The fetcher key shared by the dialogs on a table's rows (edit, delete). A row's success can
 * remove the row itself (a delete, or an edit that takes it out of the filter), and React Router
 * commits the answer and the revalidated list in one render, so an effect in the row would never
 * see its answer. RowDialogToasts, in the admin layout, holds the same key and shows the toast.
 */
const ROW_DIALOG_FETCHER = "admin-row-dialog";

/** The fetcher of a row's dialog (to submit); pair it with `useDialogAction(useRowDialogResult(), { toasts: false })`. */
export function useRowDialogFetcher() {
  return useFetcher({ key: ROW_DIALOG_FETCHER });
}

/**
 * The last answer to a row's dialog, as RowDialogToasts saw it, handed to the rows through a
 * store React reads consistently. Read from the fetcher in each row, it could be missed: while
 * the file reader's live events kept the documents list revalidating, the toast of a save was
 * shown and its Edit dialog stayed open (admin-layout.spec, about one run in ten under load):
 * React Router keeps fetchers' answers in a map it changes outside React, and a render in a
 * transition can see it change half-way. A store read with useSyncExternalStore cannot be torn.
 */
let rowDialogResult: ActionResult | null = null;
const rowDialogListeners = new Set<() => void>();

function subscribeRowDialog(listener: () => void): () => void {
  rowDialogListeners.add(listener);
  return () => rowDialogListeners.delete(listener);
}

/** The last answer to any row's dialog (null before the first): what a row's useDialogAction reads. */
export function useRowDialogResult(): ActionResult | null {
  return useSyncExternalStore(
    subscribeRowDialog,
    () => rowDialogResult,
    () => null,
  );
}

/** Shows the toast of every answer to a row's dialog, whether or not the row is still there, and hands it to the rows. */
export function RowDialogToasts(): null {
  const fetcher = useFetcher({ key: ROW_DIALOG_FETCHER });
  const result = useActionResult(fetcher.data, () => {});
  useEffect(() => {
    if (!result || result === rowDialogResult) return;
    rowDialogResult = result;
    for (const listener of rowDialogListeners) listener();
  }, [result]);
  return null;
}
