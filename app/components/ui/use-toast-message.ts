import { useEffect } from "react";
import { toast } from "~/components/ui/toast";

export interface ToastMessage {
  tone: "error" | "success";
  title: string;
  description?: string;
  /** Names the message: the same id shows as one toast (a flash carries one; others use their text). */
  id?: string;
}

/** Shows an action's message as a toast when JavaScript runs (the page also shows it inline). */
export function useToastMessage(message: ToastMessage | null | undefined): void {
  useEffect(() => {
    if (!message) return;
    const show = message.tone === "error" ? toast.error : toast.success;
    // One toast per message: the same message shown again (a page rendered twice, a flash read by
    // two loads) replaces its toast rather than stacking a second one.
    const id = message.id ?? `${message.tone}|${message.title}|${message.description ?? ""}`;
    show(message.title, { description: message.description, id });
  }, [message]);
}
