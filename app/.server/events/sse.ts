import type { EventBus, LiveMessage, PortalEvent, SequencedEvent } from "./bus";

/** Comment lines keep proxies and mobile carriers from closing an idle connection (most cut at 30-60 s). */
export const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream ends. */
export const RETRY_MS = 5_000;

export interface StreamOptions {
  /** Signed-in staff also receive "staff" events; everyone else only "public" ones. */
  staff: boolean;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  /** The Last-Event-ID a reconnecting browser sends, to resume after it. */
  lastEventId?: string | null;
  /** Ends the stream at this time (a staff session's expiry), so the client reconnects and is checked again. */
  endAt?: Date | null;
  now?: () => Date;
  heartbeatMs?: number;
  /** Runs once when the stream ends, however it ends (frees its place: stream-gate.ts). */
  onEnd?: () => void;
}

export function canReceive(event: PortalEvent, staff: boolean): boolean {
  return event.audience === "public" || staff;
}

/** One SSE message; JSON never contains a raw newline, so one data line is enough. */
export function formatMessage({ id, event }: SequencedEvent): string {
  const message = { type: event.type, data: event.data } as LiveMessage;
  return `id: ${id}\ndata: ${JSON.stringify(message)}\n\n`;
}

/**
 * The text/event-stream response of GET /api/events: the events the viewer
 * may see, a heartbeat, and an end on disconnect, on bus close (shutdown)
 * and at `endAt`.
 */
export function eventStreamResponse(bus: EventBus, options: StreamOptions): Response {
  const encoder = new TextEncoder();
  let ended = false;
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!ended) controller.enqueue(encoder.encode(text));
      };
      const end = () => {
        if (ended) return;
        ended = true;
        cleanup();
        controller.close();
      };
      if (options.signal.aborted || bus.closed) {
        options.onEnd?.();
        return end();
      }
      const forward = (e: SequencedEvent) => {
        if (canReceive(e.event, options.staff)) send(formatMessage(e));
      };

      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      for (const e of bus.since(options.lastEventId ?? null)) forward(e);
      const unsubscribe = bus.subscribe({ onEvent: forward, onClose: end });
      const heartbeat = setInterval(() => send(": ping\n\n"), options.heartbeatMs ?? HEARTBEAT_MS);
      const now = (options.now ?? (() => new Date()))();
      const expiry = options.endAt ? setTimeout(end, Math.max(0, options.endAt.getTime() - now.getTime())) : undefined;
      const onAbort = () => end();
      options.signal.addEventListener("abort", onAbort, { once: true });
      cleanup = () => {
        options.onEnd?.();
        unsubscribe();
        clearInterval(heartbeat);
        clearTimeout(expiry);
        options.signal.removeEventListener("abort", onAbort);
      };
    },
    cancel() {
      // The reader went away (client disconnected): nothing more may be enqueued or closed.
      ended = true;
      cleanup();
    },
  });
  return new Response(body, { headers: EVENT_STREAM_HEADERS });
}

export const EVENT_STREAM_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: compression would buffer the stream.
  "Cache-Control": "no-cache, no-transform",
  // nginx buffers proxied responses unless told not to.
  "X-Accel-Buffering": "no",
};
