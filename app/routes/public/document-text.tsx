import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft } from "lucide";
import { Fragment } from "react";
import { data, Link } from "react-router";
import { documentTextView, type TextPage } from "~/.server/contents/text-view";
import { app } from "~/.server/context";
import { placeName } from "~/components/documents/card-text";
import { DocumentNotFound } from "~/components/documents/document-not-found";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass } from "~/components/ui/styles";
import { readingReason } from "~/lib/file-reading";
import { formatSizeKb, formatSizeMb } from "~/lib/format";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/document-text";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const i18n = pageI18n();
  if (!loaderData?.found) return [{ title: siteTitle(matches, i18n._(msg`Document not found`)) }, { name: "robots", content: "noindex" }];
  const { title } = loaderData.view.document;
  return [{ title: siteTitle(matches, i18n._(msg`${title} (text)`)) }];
};

/**
 * /document/:id/text: the text read from a published document's file (issue 11), light enough
 * for a 2G link; `?q=` marks the search words the reader came with, `?part=` pages through a
 * long file. Works without JavaScript: it is plain HTML and links.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const part = Number.parseInt(url.searchParams.get("part") ?? "1", 10);
  const q = (url.searchParams.get("q") ?? "").slice(0, 500);
  const view = await documentTextView(app(), params.id, { q, part: Number.isFinite(part) ? part : 1 });
  if (!view) return data({ found: false as const }, { status: 404 });
  return { found: true as const, view };
}

type Unit = "page" | "slide" | "sheet";

/** "12 pages", "4 slides", "2 sheets"; a file read whole counts pages. */
function unitCount(count: number, unit: Unit | null, i18n: I18n): string {
  switch (unit) {
    case "slide":
      return i18n._(msg`${plural(count, { one: "# slide", other: "# slides" })}`);
    case "sheet":
      return i18n._(msg`${plural(count, { one: "# sheet", other: "# sheets" })}`);
    default:
      return i18n._(msg`${plural(count, { one: "# page", other: "# pages" })}`);
  }
}

/** The text could not be read: the reason is the file reader's, stored in English, named in the reader's language. */
function failedText(stored: string, i18n: I18n): string {
  const reason = readingReason(stored, i18n);
  return i18n._(msg`The text of this file could not be read (${reason}). The file itself can still be downloaded.`);
}

function partHref(id: string, part: number, q: string): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (part > 1) params.set("part", String(part));
  const query = params.toString();
  return `/document/${id}/text${query ? `?${query}` : ""}`;
}

function PageText({ page, unit }: { page: TextPage; unit: Unit | null }) {
  const { i18n } = useLingui();
  const name = unit ? placeName({ unit, number: page.number }, i18n) : undefined;
  return (
    <section aria-label={name} className="space-y-3">
      {name ? <p className="border-t border-slate-200 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500">{name}</p> : null}
      {page.paragraphs.map((parts, i) => {
        let offset = 0;
        return (
          // Paragraphs never move within a rendered page: their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, rendered once
          <p key={i} className="leading-relaxed">
            {parts.map((part) => {
              const key = offset;
              offset += part.text.length;
              return part.mark ? (
                <mark key={key} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
                  {part.text}
                </mark>
              ) : (
                <Fragment key={key}>{part.text}</Fragment>
              );
            })}
          </p>
        );
      })}
    </section>
  );
}

export default function DocumentText({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  if (!loaderData.found) return <DocumentNotFound />;
  const { view } = loaderData;
  const { document: doc, availability } = view;
  const unit = view.unit === "whole" ? null : view.unit;
  const fileType = doc.fileType ?? t`file`;
  const textSize = formatSizeKb(view.textChars, i18n);
  const fileSize = formatSizeMb(doc.fileSize, i18n);
  const count = view.pageCount ? unitCount(view.pageCount, unit, i18n) : null;
  const { part, partCount } = view;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Link to={`/document/${doc.id}`} className={buttonClass.ghost}>
        <LineIcon name="arrow-left" icon={ArrowLeft} className="h-4 w-4" />
        <Trans>Back to the document</Trans>
      </Link>
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold leading-tight">{doc.title}</h1>
        {availability.state === "ready" ? (
          <p className="text-sm text-slate-600">
            {count
              ? t`Text read from the ${fileType}: ${textSize} instead of ${fileSize}, ${count}.`
              : t`Text read from the ${fileType}: ${textSize} instead of ${fileSize}.`}
            {view.truncated ? ` ${t`Only the beginning of this file's text is kept.`}` : ""}
          </p>
        ) : null}
      </header>
      {availability.state === "ready" ? (
        <article className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 text-slate-800">
          {view.pages.map((page) => (
            <PageText key={page.number} page={page} unit={unit} />
          ))}
        </article>
      ) : (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-slate-700">
          {availability.state === "queued"
            ? t`This file is still being read. Its text will be here in a moment; the file itself can be downloaded now.`
            : availability.state === "failed"
              ? failedText(availability.reason, i18n)
              : availability.state === "empty"
                ? t`No text was found in this file. The file itself can still be downloaded.`
                : t`This document has no file.`}
        </p>
      )}
      {view.partCount > 1 ? (
        <nav aria-label={t`Parts of the text`} className="flex flex-wrap items-center justify-between gap-3">
          {view.part > 1 ? (
            <Link to={partHref(doc.id, view.part - 1, view.q)} className={buttonClass.secondary} rel="prev">
              <Trans>Previous part</Trans>
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">
            <Trans>
              Part {part} of {partCount}
            </Trans>
          </span>
          {view.part < view.partCount ? (
            <Link to={partHref(doc.id, view.part + 1, view.q)} className={buttonClass.secondary} rel="next">
              <Trans>Next part</Trans>
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
