import { getSession } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { documentDownload } from "~/.server/documents/download";
import type { Route } from "./+types/document-download";

/** GET (and the download button's HEAD) /api/documents/:id/download, and the legacy /api/document/:id/download/file. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await getSession(request);
  return documentDownload(app(), request, params.id, { staff: !!session });
}
