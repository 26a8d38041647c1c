import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, FileX, Mail } from "lucide";
import { data, Link } from "react-router";
import { sessionToken } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { documentDetailView } from "~/.server/documents/detail";
import { siteOrigin } from "~/.server/http/origins";
import { isPageVisit } from "~/.server/http/page-visit";
import { requestMeta } from "~/.server/http/request-meta";
import { keepHeaders } from "~/.server/http/response-headers";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { saveButtonTexts } from "~/.server/offline/texts";
import { limitShareLookup } from "~/.server/shares/share-limit";
import { publicContacts } from "~/.server/site/site.service";
import { DocumentFacts } from "~/components/documents/document-facts";
import { DocumentNotFound } from "~/components/documents/document-not-found";
import { DownloadButton } from "~/components/documents/download-button";
import { Preview } from "~/components/documents/preview";
import { ShareDialog } from "~/components/documents/share-dialog";
import { useDataSaver } from "~/components/layout/data-saver";
import { SaveOffline } from "~/components/offline/save-offline";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass } from "~/components/ui/styles";
import { categoryLabel } from "~/lib/category-names";
import { documentMetaTags } from "~/lib/document-meta";
import { formatSizeKb, formatSizeMb } from "~/lib/format";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { previewToggleHref, readPreviewRequest } from "~/lib/preview-link";
import { documentShareUrl, reportIssueHref } from "~/lib/share";
import { siteNameOf, siteTitle, supportEmail } from "~/lib/site";
import type { Route } from "./+types/document-detail";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const i18n = pageI18n();
  if (!loaderData?.found) return [{ title: siteTitle(matches, i18n._(msg`Document not found`)) }, { name: "robots", content: "noindex" }];
  const { document, shareUrl, byToken, thumbnail } = loaderData;
  const { title } = document;
  const category = categoryLabel(document.category, i18n);
  const description = document.description?.trim() || i18n._(msg`${category} published by the CCCM cluster in Somalia.`);
  return [
    { title: siteTitle(matches, title) },
    { name: "description", content: description },
    // A share-token address is for the people it was sent to, not for search engines (its
    // previews still work: the canonical and og:url name the document's page, never the token).
    ...(byToken ? [{ name: "robots", content: "noindex" }] : []),
    // Link previews and search engines (decision 0032): Open Graph, Twitter card, JSON-LD.
    ...documentMetaTags({
      document,
      description,
      url: shareUrl,
      image: thumbnail
        ? {
            url: new URL(thumbnail.src, shareUrl).href,
            width: thumbnail.width,
            height: thumbnail.height,
            alt: i18n._(msg`First page of ${title}`),
          }
        : null,
      siteName: siteNameOf(matches),
      language: i18n.locale,
    }),
  ];
};

/** A blocked address's 429 keeps its Retry-After on a data request too (root.tsx keeps it on a page). */
export const headers = keepHeaders("Retry-After");

/**
 * /document/:id, /public-document/:id and /shared/document/:idOrToken: one
 * public view of a published document. Anything else (unknown, unpublished,
 * revoked token) is the spec's not-found screen with a 404 status.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = app();
  const url = new URL(request.url);
  const byToken = "idOrToken" in params && typeof params.idOrToken === "string";
  const key = (byToken ? params.idOrToken : "id" in params ? params.id : undefined) ?? "";
  const preview = readPreviewRequest(url.searchParams);
  const meta = requestMeta(request);
  const detail = () =>
    documentDetailView(ctx, {
      key,
      byToken,
      countView: isPageVisit(request) && !preview.sameVisit,
      previewOpen: preview.open,
      meta,
    });
  // Share links (/shared/document/…) are limited per address; ids are public anyway.
  const [view, contacts] = await Promise.all([byToken ? limitShareLookup(ctx, meta.ip, detail) : detail(), publicContacts(ctx)]);
  if (!view) return data({ found: false as const }, { status: 404 });
  const shareUrl = documentShareUrl(siteOrigin(ctx.config, request), view.document.id);
  return {
    found: true as const,
    ...view,
    byToken,
    shareUrl,
    supportEmail: supportEmail(contacts),
    pathname: url.pathname,
    previewOpen: preview.open,
    // "Save for offline" (decision 0036), not on a share-token address (a revoked link must stop
    // working), nor for a signed-in visit: nothing seen signed in is kept on the device.
    offlineTexts: byToken || sessionToken(request) !== null ? null : saveButtonTexts(i18nFor(requestLanguage(request))),
  };
}

export default function DocumentDetailPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <DocumentNotFound />;
  return <DocumentView key={loaderData.document.id} view={loaderData} />;
}

type FoundData = Extract<Route.ComponentProps["loaderData"], { found: true }>;

function DocumentView({ view }: { view: FoundData }) {
  const { t, i18n } = useLingui();
  const { document: doc, attachments, preview, shareUrl, pathname } = view;
  const { title } = doc;
  const size = formatSizeMb(doc.size, i18n);
  // Data-saver mode (decision 0030): no first-page picture, and the text view is the first offer.
  const dataSaver = useDataSaver();
  const textFirst = dataSaver && !!view.textChars;
  const textSize = formatSizeKb(view.textChars, i18n);
  const fileType = (doc.extension ?? t`file`).toUpperCase();
  const textLink = view.textChars ? (
    <Link to={`/document/${doc.id}/text`} className={`${textFirst ? buttonClass.primary : buttonClass.secondary} w-full sm:w-auto`}>
      {t`Read as text — ${textSize} instead of the ${size} ${fileType}`}
    </Link>
  ) : null;
  const extension = (doc.extension ?? "").toUpperCase();
  return (
    // Each load of this page counts a view: live updates do not fetch it again (app/enhance/page-refresh.ts).
    <div data-no-refresh className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="flex items-center justify-between gap-3">
        <Link to="/documents" className={buttonClass.ghost}>
          <LineIcon name="arrow-left" icon={ArrowLeft} className="h-4 w-4" />
          <Trans>Back to documents</Trans>
        </Link>
        <ShareDialog url={shareUrl} title={doc.title} />
      </div>

      <article className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex items-start gap-4">
          <div className="min-w-0 flex-1">
            <DocumentFacts doc={doc} />
          </div>
          {view.thumbnail && !dataSaver ? (
            <img
              src={view.thumbnail.src}
              width={view.thumbnail.width}
              height={view.thumbnail.height}
              loading="lazy"
              decoding="async"
              alt={t`First page of ${title}`}
              className="hidden h-auto w-32 shrink-0 rounded border border-slate-200 sm:block"
            />
          ) : null}
        </div>
        <div className="mt-6 border-t border-slate-200 pt-4">
          {doc.has_file ? (
            // In data-saver mode the text view comes first, in the page's order (what is read and
            // focused first), not only on screen.
            <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
              {textFirst ? textLink : null}
              <DownloadButton
                documentId={doc.id}
                title={doc.title}
                label={t`Download Document (${extension}, ${size})`}
                variant={textFirst ? "secondary" : "primary"}
                className="w-full sm:w-auto"
              />
              {textFirst ? null : textLink}
              {view.offlineTexts && doc.size !== null ? (
                <SaveOffline
                  texts={view.offlineTexts}
                  request={{
                    documentId: doc.id,
                    title: doc.title,
                    size: doc.size,
                    text: view.textChars ? { href: `/document/${doc.id}/text`, chars: view.textChars } : null,
                  }}
                />
              ) : null}
            </div>
          ) : (
            <div className="flex gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
              <LineIcon name="file-x" icon={FileX} className="mt-0.5 h-4 w-4 shrink-0" />
              <div>
                <p className="font-semibold">
                  <Trans>No file available</Trans>
                </p>
                <p>
                  <Trans>This document doesn't have any downloadable files</Trans>
                </p>
              </div>
            </div>
          )}
        </div>
      </article>

      <Preview
        kind={preview.kind}
        url={preview.url}
        title={doc.title}
        open={view.previewOpen}
        serverText={preview.text}
        showHref={previewToggleHref(pathname, true)}
        hideHref={previewToggleHref(pathname, false)}
      />

      {attachments.length > 0 ? <Attachments attachments={attachments} /> : null}

      <p className="text-sm text-slate-600">
        <a
          href={reportIssueHref(view.supportEmail, doc, shareUrl, i18n)}
          className="inline-flex items-center gap-1.5 text-brand-700 underline hover:text-brand-800"
        >
          <LineIcon name="mail" icon={Mail} className="h-4 w-4" />
          <Trans>Report an issue</Trans>
        </a>
      </p>
    </div>
  );
}

function Attachments({ attachments }: { attachments: FoundData["attachments"] }) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="attachments-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="attachments-heading" className="text-lg font-semibold">
        <Trans>Attachments</Trans>
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {attachments.map((a) => {
          const name = a.label;
          return (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div className="min-w-0">
                <p className="break-words font-medium">{a.label}</p>
                <p className="text-sm text-slate-600">
                  {a.file_type ?? t`File`} · {formatSizeMb(a.file_size, i18n)}
                </p>
              </div>
              <a href={a.url} download className={buttonClass.secondary} aria-label={t`Download ${name}`}>
                <Trans>Download</Trans>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
