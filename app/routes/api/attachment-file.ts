import { app } from "~/.server/context";
import { signedFileResponse } from "~/.server/documents/signed-links";
import type { Route } from "./+types/attachment-file";

/** GET /api/attachments/:id?v=&exp=&d=&sig= — an attachment, while its document is published. */
export async function loader({ request, params }: Route.LoaderArgs) {
  return signedFileResponse(app(), request, "attachment", params.id);
}
