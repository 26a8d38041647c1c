import { Plural, Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { SpriteIcon } from "../../ui/icon-sprite";
import { DeleteButton, type DeleteTarget } from "../content/confirm-delete";
import { EnhancedShareDialog } from "../enhanced-share-dialog";

/** What a folder card shows (the loader's AdminFolder). */
export interface FolderCardData {
  id: string;
  name: string;
  description: string | null;
  isPublic: boolean;
  shareToken: string | null;
  viewCount: number;
  documentCount: number;
}

/** Deleting a folder keeps its documents (folder_id set to null): the confirmation says so. */
export function folderDeleteTarget(folder: { id: string; name: string; documentCount: number }): DeleteTarget {
  return { kind: "folder", title: folder.name, href: `/admin/folders/${folder.id}/delete`, documentCount: folder.documentCount };
}

export function PublicBadge({ isPublic }: { isPublic: boolean }) {
  return isPublic ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
      <SpriteIcon name="globe" className="h-3 w-3" />
      <Trans>Public</Trans>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
      <SpriteIcon name="lock" className="h-3 w-3" />
      <Trans>Private</Trans>
    </span>
  );
}

/** The folder's own page with its share panel open (the card's Share without JavaScript, and where its form comes back to). */
const folderSharePanel = (id: string) => `/admin/folders/${id}?share=folder#share-folder-${id}`;

/** A folder card: the name opens the folder view; Share opens the Enhanced Share dialog; delete asks first. */
export function FolderCard({ folder, origin }: { folder: FolderCardData; origin: string }) {
  const sharePanel = folderSharePanel(folder.id);
  const files = folder.documentCount;
  const views = folder.viewCount;
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={`folder-${folder.id}`}
    >
      <div className="flex items-start gap-3">
        <SpriteIcon name="folder-open" className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
        <div className="min-w-0 flex-1">
          <h3 id={`folder-${folder.id}`} className="break-words text-base font-semibold leading-snug">
            <Link to={`/admin/folders/${folder.id}`} className="hover:text-brand-700 hover:underline">
              {folder.name}
            </Link>
          </h3>
          {folder.description ? <p className="mt-1 line-clamp-3 text-sm text-slate-700">{folder.description}</p> : null}
        </div>
        <PublicBadge isPublic={folder.isPublic} />
      </div>
      <p className="flex flex-wrap gap-4 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1">
          <SpriteIcon name="file-text" className="h-4 w-4" />
          <Plural value={files} one="# file" other="# files" />
        </span>
        <span className="inline-flex items-center gap-1">
          <SpriteIcon name="eye" className="h-4 w-4" />
          <Plural value={views} one="# view" other="# views" />
        </span>
      </p>
      <div className="mt-auto flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <EnhancedShareDialog
            subject={{ kind: "folder", id: folder.id, title: folder.name, shareToken: folder.shareToken, visible: folder.isPublic }}
            origin={origin}
            returnTo={sharePanel}
            panelAt={sharePanel}
          />
        </div>
        <DeleteButton target={folderDeleteTarget(folder)} />
      </div>
    </article>
  );
}
