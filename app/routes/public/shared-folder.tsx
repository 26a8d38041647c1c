import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Copy, FolderOpen, Mail, MessageCircle } from "lucide";
import { data } from "react-router";
import { app } from "~/.server/context";
import { folderZipOffer } from "~/.server/folders/folder-zip";
import { viewSharedFolder } from "~/.server/folders/folders.service";
import { siteOrigin } from "~/.server/http/origins";
import { isPageVisit } from "~/.server/http/page-visit";
import { requestMeta } from "~/.server/http/request-meta";
import { keepHeaders } from "~/.server/http/response-headers";
import { limitShareLookup } from "~/.server/shares/share-limit";
import { DocumentCard } from "~/components/documents/document-card";
import { DownloadAll } from "~/components/documents/download-all";
import { PageTexts } from "~/components/layout/page-texts";
import { LineIcon } from "~/components/ui/line-icon";
import { Pager } from "~/components/ui/pager";
import { buttonClass, inputClass, labelClass } from "~/components/ui/styles";
import { SHARED_FOLDER_PER } from "~/lib/folders";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { pageHref, readPaging } from "~/lib/paging";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/shared-folder";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const i18n = pageI18n();
  return [
    { title: siteTitle(matches, loaderData ? loaderData.folder.name : i18n._(msg`Page not found`)) },
    // A share link is for the people it was sent to, not for search engines.
    { name: "robots", content: "noindex" },
  ];
};

/** A blocked address's 429 keeps its Retry-After on a data request too (root.tsx keeps it on a page). */
export const headers = keepHeaders("Retry-After");

/**
 * /shared/folder/:token: a public folder and its published documents, 24 a page by title
 * (`?page=`, `?per=`; a page past the end shows the last one). Unknown, revoked and private tokens
 * are the 404 page. A GET of the share link itself counts a view; HEAD does not, and neither does
 * moving between pages: the page links always carry `?page=`, even back to the first.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = app();
  const search = new URL(request.url).searchParams;
  const paging = readPaging(search, SHARED_FOLDER_PER);
  const countView = isPageVisit(request) && !search.has("page");
  const shared = await limitShareLookup(ctx, requestMeta(request).ip, () => viewSharedFolder(ctx, params.token, { countView, paging }));
  if (!shared) throw data(null, { status: 404 });
  const path = `/shared/folder/${encodeURIComponent(params.token)}`;
  const shareUrl = new URL(path, siteOrigin(ctx.config, request)).href;
  const zip = await folderZipOffer(ctx, shared.folder.id);
  return { ...shared, path, shareUrl, zip };
}

/** A page link: `page` always set (even 1), so following it is not counted as a new view of the folder. */
function pageLink(path: string, page: number, per: number): string {
  const href = pageHref(path, {}, page, per, SHARED_FOLDER_PER);
  return page > 1 ? href : `${href}${href.includes("?") ? "&" : "?"}page=1`;
}

export default function SharedFolder({ loaderData }: Route.ComponentProps) {
  const { folder, documents, path, shareUrl, zip } = loaderData;
  const { t } = useLingui();
  const name = folder.name;
  const documentCount = folder.documentCount;
  return (
    // A load of the share link counts a view: live updates do not fetch it again (app/enhance/page-refresh.ts).
    <div data-no-refresh className="mx-auto max-w-7xl px-4 py-8">
      <div className="flex flex-wrap items-start gap-3">
        <LineIcon name="folder-open" icon={FolderOpen} className="mt-1 h-7 w-7 shrink-0 text-brand-700" />
        {/* A real basis (not flex-1's 0): on a phone "Download all" wraps below instead of squeezing the name to nothing. */}
        <div className="min-w-0 flex-1 basis-60">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold">{folder.name}</h1>
            <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-medium text-brand-800">
              <Plural value={documentCount} one="# document" other="# documents" />
            </span>
          </div>
          {folder.description ? <p className="mt-2 max-w-3xl text-slate-700">{folder.description}</p> : null}
        </div>
        <DownloadAll href={`${path}/zip`} offer={zip} id="download-all" />
      </div>

      <ShareFolder name={folder.name} description={folder.description} url={shareUrl} />

      {documents.items.length === 0 ? (
        <p className="mt-10 text-center text-slate-600">
          <Trans>This folder has no published documents yet.</Trans>
        </p>
      ) : (
        <>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t`Documents in ${name}`}>
            {documents.items.map((doc) => (
              <li key={doc.id}>
                <DocumentCard doc={doc} />
              </li>
            ))}
          </ul>
          <Pager
            label={t`Pages of ${name}`}
            page={documents.page}
            pageCount={documents.pageCount}
            hrefFor={(n) => pageLink(path, n, documents.per)}
          />
        </>
      )}
    </div>
  );
}

/** The link as text (always), a copy button (with JavaScript), and e-mail/WhatsApp links (plain links, no JavaScript needed). */
function ShareFolder({ name, description, url }: { name: string; description: string | null; url: string }) {
  const { t } = useLingui();
  const subject = t`CCCM Folder: ${name}`;
  const body = [name, description, url].filter(Boolean).join("\n\n");
  const mailto = `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${subject}\n${url}`)}`;
  return (
    <section aria-labelledby="share-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="share-heading" className="text-base font-semibold">
        <Trans>Share this folder</Trans>
      </h2>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor="folder-link" className={labelClass}>
            <Trans>Folder link</Trans>
          </label>
          <input id="folder-link" readOnly value={url} className={`${inputClass} mt-1`} />
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Sent hidden (copying needs JavaScript), shown and bound by app/enhance/copy-field.ts. */}
          <button type="button" hidden data-copy-field="folder-link" data-copy-texts="folder-copy" className={buttonClass.primary}>
            <LineIcon name="copy" icon={Copy} className="h-4 w-4" />
            <Trans>Copy link</Trans>
          </button>
          <PageTexts
            name="folder-copy"
            texts={{
              copied: t`Link Copied`,
              copiedText: t`Folder link copied to clipboard`,
              failed: t`Copy Failed`,
              failedText: t`Please copy manually`,
            }}
          />
          <a href={mailto} className={buttonClass.secondary}>
            <LineIcon name="mail" icon={Mail} className="h-4 w-4" />
            <Trans>Email</Trans>
          </a>
          <a href={whatsapp} className={buttonClass.secondary} target="_blank" rel="noopener noreferrer">
            <LineIcon name="message-circle" icon={MessageCircle} className="h-4 w-4" />
            WhatsApp
          </a>
        </div>
      </div>
    </section>
  );
}
