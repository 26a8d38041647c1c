import { SESSION_COOKIE, sessionCookie } from "~/.server/auth/guards";
import { type ActiveSession, peekSession, refreshSession } from "~/.server/auth/sessions";
import { app } from "~/.server/context";
import { readCookie } from "~/.server/http/cookies";
import { hasAdminAccess } from "~/.server/users/users.service";
import type { Route } from "./+types/session";

/**
 * The admin page's session status (GET) and refresh (POST), for the session
 * monitor. Neither ever creates a session, and GET reads without sliding the
 * expiry: otherwise the monitor's own checks would keep an unattended session
 * alive. Like requireApiUser, but a 401 says `{ authenticated: false }`.
 */
const noStore = { "Cache-Control": "no-store" };

async function current(request: Request): Promise<{ token: string; session: ActiveSession } | null> {
  const token = readCookie(request, SESSION_COOKIE);
  const session = token ? await peekSession(app(), token) : null;
  return token && session && hasAdminAccess(session.user.role) ? { token, session } : null;
}

function signedOut(): Response {
  return Response.json({ authenticated: false }, { status: 401, headers: noStore });
}

export async function loader({ request }: Route.LoaderArgs) {
  const found = await current(request);
  if (!found) return signedOut();
  const { user, expiresAt } = found.session;
  return Response.json(
    { authenticated: true, expiresAt: expiresAt.toISOString(), email: user.email, role: user.role, now: app().now().toISOString() },
    { headers: noStore },
  );
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  const found = await current(request);
  if (!found) return signedOut();
  const expiresAt = await refreshSession(app(), found.session);
  // The cookie's lifetime follows the session's, or the browser would drop it first.
  return Response.json(
    {
      authenticated: true,
      expiresAt: expiresAt.toISOString(),
      email: found.session.user.email,
      role: found.session.user.role,
      now: app().now().toISOString(),
    },
    { headers: { ...noStore, "Set-Cookie": sessionCookie(found.token) } },
  );
}
