import { fileTypeLabel } from "~/lib/file-names";
import { SHARED_FOLDER_PER } from "~/lib/folders";
import type { Paging, ResultPage } from "~/lib/paging";
import type { AppContext } from "../context";
import { listPublishedInFolder, type PublicCardItem, toPublicCardItem } from "../documents/documents.service";
import { countViewOfPublicFolder, type FolderRow, selectPublicFolderByToken } from "./folders.queries";

/** What a visitor of a shared folder may see of it. */
export interface PublicFolder {
  id: string;
  name: string;
  description: string | null;
  documentCount: number;
}

export interface SharedFolderView {
  folder: PublicFolder;
  /**
   * One page of the folder's published documents by title, as their cards show them: with the
   * file's type ("PDF"), which the card states beside its download with the size.
   */
  documents: ResultPage<PublicCardItem & { fileType: string | null }>;
}

/** Share tokens are 43 base64url characters; anything far from that cannot be one. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The public folder behind a share token with one page of its published documents (the first
 * unless `paging` says otherwise), or null for an unknown, revoked or private one. `countView`
 * adds one to the folder's view_count (admin-and-sharing section 4).
 */
export async function viewSharedFolder(
  ctx: AppContext,
  token: string,
  options: { countView: boolean; paging?: Paging },
): Promise<SharedFolderView | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = options.countView
    ? await countViewOfPublicFolder(ctx.db.kysely, token)
    : await selectPublicFolderByToken(ctx.db.kysely, token);
  if (!row) return null;
  const documents = await listPublishedInFolder(ctx, row.id, options.paging ?? { page: 1, per: SHARED_FOLDER_PER });
  const items = documents.items.map((doc) => ({ ...toPublicCardItem(doc), fileType: fileTypeLabel(doc.file_ext) }));
  return { folder: toPublicFolder(row, documents.total), documents: { ...documents, items } };
}

/** The public folder behind a share token, as the shared folder page finds it (no view counted), or null. */
export async function findSharedFolder(ctx: AppContext, token: string): Promise<{ id: string; name: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await selectPublicFolderByToken(ctx.db.kysely, token);
  return row ? { id: row.id, name: row.name } : null;
}

function toPublicFolder(row: FolderRow, documentCount: number): PublicFolder {
  return { id: row.id, name: row.name, description: row.description, documentCount };
}
