import type { ToastMessage } from "./use-toast-message";

/**
 * A message a page that does not hydrate also shows as a toast once its script runs (decision
 * 0038), as `useToastMessage` does on a hydrated page: an inert element with the message in the
 * reader's language, read by app/enhance/toast-on-load.ts. The page shows the message inline too.
 */
export function ToastOnLoad({ message }: { message: ToastMessage | null | undefined }) {
  if (!message) return null;
  // One toast per message, as useToastMessage names it.
  const id = message.id ?? `${message.tone}|${message.title}|${message.description ?? ""}`;
  return <template data-toast-on-load={message.tone} data-title={message.title} data-description={message.description} data-id={id} />;
}
