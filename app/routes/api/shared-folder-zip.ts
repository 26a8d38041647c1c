import { msg } from "@lingui/core/macro";
import { app } from "~/.server/context";
import { folderZip, zipRefusal } from "~/.server/folders/folder-zip";
import { findSharedFolder } from "~/.server/folders/folders.service";
import { requestMeta } from "~/.server/http/request-meta";
import { serverI18n } from "~/.server/i18n/i18n";
import { limitShareLookup } from "~/.server/shares/share-limit";
import type { Route } from "./+types/shared-folder-zip";

/**
 * GET (and HEAD) /shared/folder/:token/zip: "Download all" of a shared folder, its published
 * files as one ZIP (decision 0033). An unknown, revoked or private token is a 404, as the folder's
 * page is, and counts towards the same per-address limit on links that match nothing.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = app();
  const folder = await limitShareLookup(ctx, requestMeta(request).ip, () => findSharedFolder(ctx, params.token));
  if (!folder) {
    return zipRefusal(404, serverI18n()._(msg`Page not found`));
  }
  return folderZip(ctx, request, folder);
}
