import { app } from "~/.server/context";
import { signedFileResponse } from "~/.server/documents/signed-links";
import type { Route } from "./+types/document-file";

/**
 * GET /api/files/:id?v=&exp=&d=&sig= — a signed, short-lived link to a
 * published document's file (preview and download). Publication is
 * re-checked on every request, so unpublishing revokes every link at once.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return signedFileResponse(app(), request, "document", params.id);
}
