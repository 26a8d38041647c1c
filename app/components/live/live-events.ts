import { useEffect, useRef } from "react";
// A type-only import: the event names are defined once, on the server, and nothing of it ships to the browser.
import type { LiveMessage } from "~/.server/events/bus";

export type { LiveMessage };

type Listener = (message: LiveMessage) => void;

const STREAM_URL = "/api/events";
const REOPEN_MIN_MS = 5_000;
const REOPEN_MAX_MS = 60_000;

/**
 * One EventSource per tab, shared by every subscriber and closed when the
 * last one leaves. EventSource reconnects by itself after a dropped
 * connection; only when the server refused the stream (an HTTP error, e.g.
 * during a restart) does it give up, and then we reopen with a backoff.
 */
const listeners = new Set<Listener>();
let source: EventSource | null = null;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let reopenDelay = REOPEN_MIN_MS;

function parse(text: string): LiveMessage | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string") return value as LiveMessage;
  } catch {
    // A malformed message is skipped, not fatal.
  }
  return null;
}

function open(): void {
  const es = new EventSource(STREAM_URL);
  source = es;
  es.onopen = () => {
    reopenDelay = REOPEN_MIN_MS;
  };
  es.onmessage = (event: MessageEvent<string>) => {
    const message = parse(event.data);
    if (message) for (const listener of listeners) listener(message);
  };
  es.onerror = () => {
    if (es.readyState !== EventSource.CLOSED || source !== es) return;
    source = null;
    reopenTimer = setTimeout(() => {
      reopenTimer = undefined;
      if (listeners.size > 0) open();
    }, reopenDelay);
    reopenDelay = Math.min(reopenDelay * 2, REOPEN_MAX_MS);
  };
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (!source && !reopenTimer) open();
  return () => {
    listeners.delete(listener);
    // Closed a moment later, unless a subscriber came back: a page turning into the maintenance
    // page (or back) remounts its listener, and keeps the stream it opened before maintenance
    // began (a new one is refused while it lasts), so it still hears when maintenance ends.
    setTimeout(() => {
      if (listeners.size > 0) return;
      source?.close();
      source = null;
      clearTimeout(reopenTimer);
      reopenTimer = undefined;
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
