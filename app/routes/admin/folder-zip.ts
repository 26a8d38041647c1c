import { msg } from "@lingui/core/macro";
import { requireApiUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { folderZip, zipRefusal } from "~/.server/folders/folder-zip";
import { findAdminFolder } from "~/.server/folders/folders.admin";
import { serverI18n } from "~/.server/i18n/i18n";
import type { Route } from "./+types/folder-zip";

/**
 * GET (and HEAD) /admin/folders/:id/zip: "Download all" of the folder view, for the roles that
 * manage folders. The same ZIP as the shared folder's: published files only (decision 0033).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireApiUser(request);
  const ctx = app();
  const folder = await findAdminFolder(ctx, params.id);
  if (!folder) {
    return zipRefusal(404, serverI18n()._(msg`Folder not found`));
  }
  return folderZip(ctx, request, folder);
}
