import { getSession } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { EVENT_STREAM_HEADERS, eventStreamResponse } from "~/.server/events/sse";
import { STREAM_RETRY_AFTER_S, streamGate } from "~/.server/events/stream-gate";
import { requestMeta } from "~/.server/http/request-meta";
import { hasAdminAccess } from "~/.server/users/users.service";
import type { Route } from "./+types/events";

/**
 * GET /api/events: the live-update stream (ARCHITECTURE.md section 3).
 * Anonymous clients receive only public events; signed-in staff also staff
 * ones, until their session's current expiry (then the browser reconnects
 * and is checked again).
 */
export async function loader({ request }: Route.LoaderArgs) {
  // A HEAD would otherwise hold a subscription open with nowhere to send it.
  if (request.method === "HEAD") return new Response(null, { headers: EVENT_STREAM_HEADERS });
  const ctx = app();
  const session = await getSession(request);
  const staff = !!session && hasAdminAccess(session.user.role);
  if (staff) {
    return eventStreamResponse(ctx.events, {
      staff,
      signal: request.signal,
      lastEventId: request.headers.get("Last-Event-ID"),
      endAt: session.expiresAt,
      now: ctx.now,
    });
  }
  const gate = streamGate(ctx);
  const release = gate.acquire(requestMeta(request).ip ?? "unknown");
  if (!release) {
    return new Response("Too many live-update connections: this page refreshes itself instead.", {
      status: 503,
      headers: { "Retry-After": String(STREAM_RETRY_AFTER_S), "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return eventStreamResponse(ctx.events, {
    staff: false,
    signal: request.signal,
    lastEventId: request.headers.get("Last-Event-ID"),
    endAt: new Date(ctx.now().getTime() + gate.limits.maxAgeMs),
    now: ctx.now,
    onEnd: release,
  });
}
