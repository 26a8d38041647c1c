import { useSyncExternalStore } from "react";

/**
 * Toasts without the toast library in a page's first JavaScript (decision 0028). Most visits show
 * none, and sonner is ten kilobytes of the thin link: the first toast asked for mounts the Toaster
 * (root.tsx), whose module brings sonner, and the toasts asked for meanwhile are shown as soon as
 * it is mounted, in order. Every component shows its toasts through this module, never through
 * sonner itself: a toast sent to sonner before the Toaster is mounted would be lost.
 */

export interface ToastOptions {
  description?: string;
  /** The same id replaces its toast rather than stacking a second one. */
  id?: string;
}
export type ToastKind = "message" | "success" | "error";
type Show = (kind: ToastKind, title: string, options?: ToastOptions) => void;

let show: Show | null = null;
let waiting: Array<Parameters<Show>> = [];
let wanted = false;
const listeners = new Set<() => void>();

function ask(kind: ToastKind, title: string, options?: ToastOptions): void {
  if (show) {
    show(kind, title, options);
    return;
  }
  waiting.push([kind, title, options]);
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export const toast = Object.assign((title: string, options?: ToastOptions) => ask("message", title, options), {
  success: (title: string, options?: ToastOptions) => ask("success", title, options),
  error: (title: string, options?: ToastOptions) => ask("error", title, options),
});

/** The mounted Toaster hands over its way of showing a toast; what waited is shown at once. */
export function toasterMounted(showToast: Show): () => void {
  show = showToast;
  const queued = waiting;
  waiting = [];
  for (const args of queued) showToast(...args);
  return () => {
    if (show === showToast) show = null;
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once a toast has been asked for: the Toaster is then mounted, and stays. */
export function useToastWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}
