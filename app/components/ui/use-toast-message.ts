import { useEffect } from "react";
import { toast } from "sonner";

export interface ToastMessage {
  tone: "error" | "success";
  title: string;
  description?: string;
}

/** Shows an action's message as a toast when JavaScript runs (the page also shows it inline). */
export function useToastMessage(message: ToastMessage | null | undefined): void {
  useEffect(() => {
    if (!message) return;
    const show = message.tone === "error" ? toast.error : toast.success;
    show(message.title, { description: message.description });
  }, [message]);
}
