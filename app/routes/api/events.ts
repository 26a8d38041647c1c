import { getSession } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { EVENT_STREAM_HEADERS, eventStreamResponse } from "~/.server/events/sse";
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
  return eventStreamResponse(ctx.events, {
    staff,
    signal: request.signal,
    lastEventId: request.headers.get("Last-Event-ID"),
    endAt: staff ? session.expiresAt : null,
    now: ctx.now,
  });
}
