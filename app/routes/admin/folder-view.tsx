import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, Eye, FolderOpen } from "lucide-react";
import { data } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { facetSuggestions } from "~/.server/documents/documents.service";
import { folderZipOffer } from "~/.server/folders/folder-zip";
import { folderChoices, folderView } from "~/.server/folders/folders.admin";
import { readFlash } from "~/.server/http/flash";
import { siteOrigin } from "~/.server/http/origins";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { FALLBACK_TITLES, localMessage } from "~/components/admin/content/messages";
import { EnhancedShareDialog } from "~/components/admin/enhanced-share-dialog";
import { BulkUploadButton } from "~/components/admin/folders/bulk-upload";
import { PublicBadge } from "~/components/admin/folders/folder-card";
import { FolderDocumentCard } from "~/components/admin/folders/folder-document-card";
import { UploadToFolderButton } from "~/components/admin/folders/upload-to-folder";
import { useFolderLiveReload } from "~/components/admin/folders/use-folder-live-reload";
import { DownloadAll } from "~/components/documents/download-all";
import { Alert } from "~/components/ui/alert";
import { Pager } from "~/components/ui/pager";
import { buttonClass } from "~/components/ui/styles";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { type FacetSuggestions, NO_SUGGESTIONS } from "~/lib/document-facets";
import { FOLDER_CARDS_PER, FOLDER_MESSAGES } from "~/lib/folders";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { pageHref, readPaging } from "~/lib/paging";
import type { Route } from "./+types/folder-view";

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const i18n = pageI18n();
  const name = loaderData?.view?.folder.name ?? i18n._(msg`Folder`);
  return [{ title: i18n._(msg`${name} | Folders | Admin Portal`) }];
};

function loadFailed(i18n: I18n): ToastMessage {
  return { tone: "error", title: i18n._(FALLBACK_TITLES.error), description: localMessage(FOLDER_MESSAGES.loadFailed, i18n) };
}

/**
 * The folder view (admin-and-sharing section 2): Back, Share Folder, and the folder's documents by
 * title, drafts marked, 24 a page (`?page=`, `?per=` 12 to 100).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const ctx = app();
  const url = new URL(request.url);
  const i18n = i18nFor(requestLanguage(request));
  const paging = readPaging(url.searchParams, FOLDER_CARDS_PER);
  const base = { origin: siteOrigin(ctx.config, request), share: url.searchParams.get("share"), flash: readFlash(request).message };
  let view: Awaited<ReturnType<typeof folderView>>;
  let folders: Awaited<ReturnType<typeof folderChoices>>;
  let suggestions: FacetSuggestions;
  let zip: Awaited<ReturnType<typeof folderZipOffer>>;
  try {
    [view, folders, suggestions, zip] = await Promise.all([
      folderView(ctx, params.id, paging),
      folderChoices(ctx),
      facetSuggestions(ctx),
      folderZipOffer(ctx, params.id),
    ]);
  } catch (error) {
    ctx.log.error({ err: error, folderId: params.id }, "loading a folder failed");
    return data({ ...base, view: null, folders: [], suggestions: NO_SUGGESTIONS, zip: null, loadError: loadFailed(i18n) }, { status: 500 });
  }
  if (!view) throw data(localMessage(FOLDER_MESSAGES.loadFailed, i18n), { status: 404 });
  return { ...base, view, folders, suggestions, zip, loadError: null };
}

export default function FolderView({ loaderData }: Route.ComponentProps) {
  const { view, origin, share, flash, loadError, folders, suggestions, zip } = loaderData;
  useToastMessage(loadError);
  useFolderLiveReload();
  const documents = view?.documents;
  const path = view ? `/admin/folders/${view.folder.id}` : "";
  const hrefFor = (n: number) => pageHref(path, {}, n, documents?.per ?? FOLDER_CARDS_PER, FOLDER_CARDS_PER);
  const pageParams = documents ? (hrefFor(documents.page).split("?")[1] ?? "") : "";
  const { i18n, t } = useLingui();
  const failed = loadError ?? loadFailed(i18n);
  const total = view?.documents.total ?? 0;
  const views = view?.folder.viewCount ?? 0;
  const folderName = view?.folder.name ?? "";
  return (
    <>
      <a href="/admin/folders" className={buttonClass.ghost}>
        <ArrowLeft aria-hidden className="h-4 w-4" />
        <Trans>Back</Trans>
      </a>
      {flash ? (
        <div className="mt-4">
          <Alert tone={flash.tone} title={flash.title}>
            {flash.description}
          </Alert>
        </div>
      ) : null}
      {!view ? (
        <div className="mt-4">
          <Alert tone="error" title={failed.title}>
            {failed.description}
          </Alert>
        </div>
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-start gap-3">
            <FolderOpen aria-hidden className="mt-1 h-7 w-7 shrink-0 text-brand-700" />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="break-words text-2xl font-bold">{view.folder.name}</h1>
                <PublicBadge isPublic={view.folder.isPublic} />
              </div>
              {view.folder.description ? <p className="mt-1 max-w-3xl text-slate-700">{view.folder.description}</p> : null}
              <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
                <Eye aria-hidden className="h-4 w-4" />
                <Plural value={views} one="# view" other="# views" /> · <Plural value={total} one="# document" other="# documents" />
              </p>
            </div>
          </div>
          <div className="mt-4 flex flex-wrap items-start gap-2">
            <div className="min-w-0">
              <EnhancedShareDialog
                subject={{
                  kind: "folder",
                  id: view.folder.id,
                  title: view.folder.name,
                  shareToken: view.folder.shareToken,
                  visible: view.folder.isPublic,
                }}
                origin={origin}
                returnTo={`${path}?${pageParams ? `${pageParams}&` : ""}share=folder#share-folder-${view.folder.id}`}
                label={t`Share Folder`}
                defaultOpen={share === "folder"}
                triggerClassName={buttonClass.primary}
              />
            </div>
            <UploadToFolderButton folders={folders} suggestions={suggestions} folderId={view.folder.id} />
            <BulkUploadButton folders={folders} suggestions={suggestions} folderId={view.folder.id} />
            {zip ? <DownloadAll href={`${path}/zip`} offer={zip} id="download-all" /> : null}
          </div>
          <section aria-labelledby="documents-heading" className="mt-8">
            <h2 id="documents-heading" className="text-lg font-semibold">
              {t`Documents (${total})`}
            </h2>
            {view.documents.items.length === 0 ? (
              <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
                <Trans>This folder has no documents yet.</Trans>
              </p>
            ) : (
              <>
                <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {view.documents.items.map((doc) => (
                    <li key={doc.id}>
                      <FolderDocumentCard
                        doc={doc}
                        origin={origin}
                        folderId={view.folder.id}
                        shareOpen={share === doc.id}
                        pageParams={pageParams}
                      />
                    </li>
                  ))}
                </ul>
                <Pager
                  label={t`Pages of ${folderName}`}
                  page={view.documents.page}
                  pageCount={view.documents.pageCount}
                  hrefFor={hrefFor}
                />
              </>
            )}
          </section>
        </>
      )}
    </>
  );
}
