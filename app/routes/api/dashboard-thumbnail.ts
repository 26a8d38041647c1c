import { SESSION_COOKIE } from "~/.server/auth/guards";
import { peekSession } from "~/.server/auth/sessions";
import { app } from "~/.server/context";
import { thumbnailResponse } from "~/.server/dashboards/dashboard-thumbnails";
import { readCookie } from "~/.server/http/cookies";
import { hasAdminAccess } from "~/.server/users/users.service";
import type { Route } from "./+types/dashboard-thumbnail";

/**
 * GET /api/dashboards/:id/thumbnail?v= — a dashboard's thumbnail (decision 0011): public
 * dashboards' for everyone, private ones' for signed-in staff only. The session is peeked, so
 * images on public pages do not keep an admin session alive.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = app();
  const token = readCookie(request, SESSION_COOKIE);
  const session = token ? await peekSession(ctx, token) : null;
  return thumbnailResponse(ctx, request, params.id, { staff: !!session && hasAdminAccess(session.user.role) });
}
