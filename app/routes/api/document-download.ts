import { getSession } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { documentDownload } from "~/.server/documents/download";
import { hasAdminAccess } from "~/.server/users/users.service";
import type { Route } from "./+types/document-download";

/**
 * GET (and the download button's HEAD) /api/documents/:id/download, and the legacy
 * /api/document/:id/download/file. Unpublished files are for the roles of the admin portal only:
 * any other session gets what an anonymous visitor gets.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await getSession(request);
  return documentDownload(app(), request, params.id, { staff: !!session && hasAdminAccess(session.user.role) });
}
