import { Trans, useLingui } from "@lingui/react/macro";
import { Copy, FileX } from "lucide-react";
import { copyText } from "~/components/ui/copy-button";
import { formatBytes, formatLongDate } from "~/lib/format";
import { documentUrlOptions } from "~/lib/share-links";
import { CategoryBadge } from "../../documents/document-card";
import { DownloadButton } from "../../documents/download-button";
import { buttonClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";
import { EnhancedShareDialog } from "../enhanced-share-dialog";

/** A document as the folder view shows it (the loader's FolderDocument). */
export interface FolderDocumentData {
  id: string;
  title: string;
  description: string | null;
  category: string;
  size: number | null;
  published: boolean;
  hasFile: boolean;
  shareToken: string | null;
  createdAt: string;
}

/** A document in the folder view: download, copy link ("Link Copied") and the Enhanced Share dialog. */
export function FolderDocumentCard({
  doc,
  origin,
  folderId,
  shareOpen,
  pageParams = "",
}: {
  doc: FolderDocumentData;
  origin: string;
  folderId: string;
  shareOpen: boolean;
  /** The folder view's page in force ("page=2"), so the share dialog without JavaScript comes back to it. */
  pageParams?: string;
}) {
  const { i18n, t } = useLingui();
  const hydrated = useHydrated();
  const title = doc.title;
  const direct = documentUrlOptions(origin, { id: doc.id, shareToken: doc.shareToken })[0]!.url!;
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={`doc-${doc.id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-600">
        <span className="flex items-center gap-2">
          <CategoryBadge category={doc.category} />
          {doc.published ? null : (
            <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">
              <Trans>Draft</Trans>
            </span>
          )}
        </span>
        <time dateTime={doc.createdAt}>{formatLongDate(doc.createdAt, i18n)}</time>
      </div>
      <h3 id={`doc-${doc.id}`} className="break-words text-base font-semibold leading-snug">
        <a href={`/admin/documents/${doc.id}/edit`} className="hover:text-brand-700 hover:underline">
          {doc.title}
        </a>
      </h3>
      {doc.description ? <p className="line-clamp-3 text-sm text-slate-700">{doc.description}</p> : null}
      <p className="text-sm text-slate-600">{doc.hasFile ? formatBytes(doc.size, i18n) : t`No file`}</p>
      <div className="mt-auto flex flex-wrap gap-2">
        {doc.hasFile ? (
          <DownloadButton documentId={doc.id} title={doc.title} variant="secondary" />
        ) : (
          <span className="inline-flex items-center gap-1 text-sm text-slate-600">
            <FileX aria-hidden className="h-4 w-4" />
            <Trans>No file to download</Trans>
          </span>
        )}
        {hydrated ? (
          <button
            type="button"
            className={buttonClass.secondary}
            aria-label={t`Copy link of ${title}`}
            onClick={() => void copyText(direct, i18n)}
          >
            <Copy aria-hidden className="h-4 w-4" />
            <Trans>Copy link</Trans>
          </button>
        ) : null}
        <EnhancedShareDialog
          subject={{ kind: "document", id: doc.id, title: doc.title, shareToken: doc.shareToken, visible: doc.published }}
          origin={origin}
          returnTo={`/admin/folders/${folderId}?${pageParams ? `${pageParams}&` : ""}share=${doc.id}#share-document-${doc.id}`}
          defaultOpen={shareOpen}
        />
      </div>
    </article>
  );
}
