import { useEffect, useRef } from "react";
import { type LiveMessage, openLiveEvents } from "~/enhance/live-events";

export type { LiveMessage };

type Listener = (message: LiveMessage) => void;

/**
 * One stream per tab (app/enhance/live-events.ts, which reopens it after a refusal), shared by
 * every subscriber and closed when the last one leaves.
 */
const listeners = new Set<Listener>();
let close: (() => void) | null = null;

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  close ??= openLiveEvents((message) => {
    for (const each of listeners) each(message);
  });
  return () => {
    listeners.delete(listener);
    // Closed a moment later, unless a subscriber came back: a page turning into the maintenance
    // page (or back) remounts its listener, and keeps the stream it opened before maintenance
    // began (a new one is refused while it lasts), so it still hears when maintenance ends.
    setTimeout(() => {
      if (listeners.size > 0) return;
      close?.();
      close = null;
    }, 0);
  };
}

/**
 * Calls `onMessage` for every live event this browser may see, while the component is mounted and
 * `enabled` (false: no stream is opened for it, and leaving closes the stream when it was the last).
 */
export function useLiveEvents(onMessage: Listener, enabled = true): void {
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => (enabled ? subscribe((message) => latest.current(message)) : undefined), [enabled]);
}
