import { afterEach, describe, expect, it, vi } from "vitest";
import { EventBus } from "./bus";
import { eventStreamResponse, RETRY_MS } from "./sse";

/** Reads a stream until `until` matches or it ends; returns the text and whether it ended. */
async function read(response: Response, until?: (text: string) => boolean): Promise<{ text: string; ended: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text, ended: true };
    text += decoder.decode(value, { stream: true });
    if (until?.(text)) {
      reader.releaseLock();
      return { text, ended: false };
    }
  }
}

const published = {
  type: "document.published",
  audience: "public",
  data: { id: "d1", title: "Baidoa Report", category: "Report" },
} as const;
const draft = { type: "document.changed", audience: "staff", data: { id: "secret-draft-id" } } as const;
const marker = { type: "folder.changed", audience: "public", data: { id: "marker" } } as const;

describe("eventStreamResponse", () => {
  afterEach(() => vi.useRealTimers());

  it("sends the headers a stream needs behind proxies and compression", () => {
    const response = eventStreamResponse(new EventBus(), { staff: false, signal: new AbortController().signal });
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-cache, no-transform");
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
  });

  it("sends anonymous clients public events only, with ids and a retry hint", async () => {
    const bus = new EventBus();
    const abort = new AbortController();
    const response = eventStreamResponse(bus, { staff: false, signal: abort.signal });
    bus.publish(draft);
    bus.publish(published);
    bus.publish(marker);
    const { text } = await read(response, (s) => s.includes("marker"));
    abort.abort();
    expect(text.startsWith(`retry: ${RETRY_MS}\n`)).toBe(true);
    expect(text).not.toContain("secret-draft-id");
    expect(text).not.toContain("staff");
    expect(text).toMatch(
      /id: [0-9a-f]{8}-2\ndata: \{"type":"document.published","data":\{"id":"d1","title":"Baidoa Report","category":"Report"\}\}\n\n/,
    );
  });

  it("sends signed-in staff both public and staff events", async () => {
    const bus = new EventBus();
    const abort = new AbortController();
    const response = eventStreamResponse(bus, { staff: true, signal: abort.signal });
    bus.publish(draft);
    bus.publish(published);
    bus.publish(marker);
    const { text } = await read(response, (s) => s.includes("marker"));
    abort.abort();
    expect(text).toContain('"type":"document.changed","data":{"id":"secret-draft-id"}');
    expect(text).toContain('"title":"Baidoa Report"');
  });

  it("ends when the client disconnects, and stops listening", async () => {
    const bus = new EventBus();
    const abort = new AbortController();
    const response = eventStreamResponse(bus, { staff: false, signal: abort.signal });
    const reading = read(response);
    expect(bus.subscriberCount).toBe(1);
    abort.abort();
    expect((await reading).ended).toBe(true);
    expect(bus.subscriberCount).toBe(0);
  });

  it("stops listening when the reader cancels the body", async () => {
    const bus = new EventBus();
    const response = eventStreamResponse(bus, { staff: false, signal: new AbortController().signal });
    expect(bus.subscriberCount).toBe(1);
    await response.body!.cancel();
    expect(bus.subscriberCount).toBe(0);
    bus.publish(published);
  });

  it("ends every open stream when the bus closes (server shutdown), and refuses new ones at once", async () => {
    const bus = new EventBus();
    const signal = new AbortController().signal;
    const streams = [eventStreamResponse(bus, { staff: false, signal }), eventStreamResponse(bus, { staff: true, signal })];
    const reads = streams.map((s) => read(s));
    bus.close();
    for (const r of await Promise.all(reads)) expect(r.ended).toBe(true);
    expect(bus.subscriberCount).toBe(0);
    expect((await read(eventStreamResponse(bus, { staff: false, signal }))).ended).toBe(true);
  });

  it("sends a heartbeat comment and ends a staff stream when the session expires", async () => {
    vi.useFakeTimers();
    const bus = new EventBus();
    const now = new Date("2026-01-01T00:00:00Z");
    const response = eventStreamResponse(bus, {
      staff: true,
      signal: new AbortController().signal,
      heartbeatMs: 1000,
      endAt: new Date(now.getTime() + 2500),
      now: () => now,
    });
    const reading = read(response);
    await vi.advanceTimersByTimeAsync(3000);
    const { text, ended } = await reading;
    expect(ended).toBe(true);
    expect(text.match(/: ping\n\n/g)).toHaveLength(2);
  });

  it("replays what a reconnecting client missed after its Last-Event-ID, filtered the same way", async () => {
    const bus = new EventBus();
    const seen: string[] = [];
    bus.subscribe({ onEvent: (e) => seen.push(e.id) });
    bus.publish(marker);
    bus.publish(draft);
    bus.publish(published);
    const abort = new AbortController();
    const response = eventStreamResponse(bus, { staff: false, signal: abort.signal, lastEventId: seen[0] });
    const { text } = await read(response, (s) => s.includes("Baidoa Report"));
    abort.abort();
    expect(text).not.toContain("marker");
    expect(text).not.toContain("secret-draft-id");
    expect(bus.since("unknown-id")).toEqual([]);
  });
});
