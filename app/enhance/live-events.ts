// A type-only import: the event names are defined once, on the server, and nothing of it ships to the browser.
import type { LiveMessage } from "~/.server/events/bus";

export type { LiveMessage };

const STREAM_URL = "/api/events";
const REOPEN_MIN_MS = 5_000;
const REOPEN_MAX_MS = 60_000;

function parse(text: string): LiveMessage | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string") return value as LiveMessage;
  } catch {
    // A malformed message is skipped, not fatal.
  }
  return null;
}

/**
 * A stream of live events (ARCHITECTURE.md section 3): the public pages' (live-updates.ts) and,
 * shared by its subscribers, the admin portal's (components/live/live-events.ts). EventSource reconnects by
 * itself after a dropped connection; only when the server refused the stream (an HTTP error, e.g.
 * during a restart or while maintenance lasts) does it give up, and then it is opened again with a
 * growing delay. The stream lives as long as the page, or until the returned function closes it.
 */
export function openLiveEvents(onMessage: (message: LiveMessage) => void): () => void {
  let delay = REOPEN_MIN_MS;
  let closed = false;
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    if (closed) return;
    source = new EventSource(STREAM_URL);
    source.onopen = () => {
      delay = REOPEN_MIN_MS;
    };
    source.onmessage = (event: MessageEvent<string>) => {
      const message = parse(event.data);
      if (message) onMessage(message);
    };
    source.onerror = () => {
      if (source?.readyState !== EventSource.CLOSED) return;
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, REOPEN_MAX_MS);
    };
  };
  open();
  // Closing: the data-saver switch turned on (no stream in that mode).
  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
  };
}
