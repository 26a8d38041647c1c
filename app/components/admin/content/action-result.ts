import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
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
 * Runs once per new answer of a dialog's fetcher: shows its toast, and calls `onSuccess`
 * (closing the dialog) when it succeeded.
 */
export function useActionResult(data: unknown, onSuccess: () => void): ActionResult | null {
  const result = isActionResult(data) ? data : null;
  const seen = useRef<ActionResult | null>(null);
  const success = useRef(onSuccess);
  useEffect(() => {
    success.current = onSuccess;
  });
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    (result.ok ? toast.success : toast.error)(result.message.title, { description: result.message.description });
    if (result.ok) success.current();
  }, [result]);
  return result;
}

/**
 * A dialog whose form posts through a fetcher: open state, closing on success, and the refusal to
 * show inside it (an earlier refusal is not shown again when the dialog is opened anew).
 */
export function useDialogAction(data: unknown): { open: boolean; setOpen: (open: boolean) => void; error: ActionResult | null } {
  const [open, setOpenState] = useState(false);
  const [staleData, setStaleData] = useState<unknown>(undefined);
  const result = useActionResult(data, () => setOpenState(false));
  const setOpen = (next: boolean) => {
    if (next) setStaleData(data);
    setOpenState(next);
  };
  return { open, setOpen, error: result && !result.ok && data !== staleData ? result : null };
}
