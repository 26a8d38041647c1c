import { SESSION_COOKIE } from "~/.server/auth/guards";
import { peekSession } from "~/.server/auth/sessions";
import { documentThumbnailResponse } from "~/.server/contents/thumbnails";
import { app } from "~/.server/context";
import { readCookie } from "~/.server/http/cookies";
import { hasAdminAccess } from "~/.server/users/users.service";
import type { Route } from "./+types/document-thumbnail";

/**
 * GET /api/documents/:id/thumbnail?v= — a document's first-page thumbnail (issue 11): a
 * published document's for everyone, a draft's for signed-in staff only, re-checked on every
 * request. The session is peeked, so images on public pages do not keep an admin session alive.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = app();
  const token = readCookie(request, SESSION_COOKIE);
  const session = token ? await peekSession(ctx, token) : null;
  return documentThumbnailResponse(ctx, request, params.id, { staff: !!session && hasAdminAccess(session.user.role) });
}
