import { Trans, useLingui } from "@lingui/react/macro";
import { categoryLabel } from "~/lib/category-names";
import type { DocumentLanguage } from "~/lib/document-language";
import { documentLanguageName } from "~/lib/document-language-names";
import type { ListItemExtras, SnippetPart, SnippetPlace } from "~/lib/document-query";
import { formatBytes, formatLongDate } from "~/lib/format";
import { previewHref } from "~/lib/preview-link";
import { SpriteIcon } from "../ui/icon-sprite";
import { buttonClass } from "../ui/styles";
import { CardText } from "./card-text";
import { DocumentThumb, TextLink } from "./document-thumb";
import { DownloadButton } from "./download-button";

export interface DocumentCardData {
  id: string;
  title: string;
  description: string | null;
  category: string;
  /** The language it is written in, named in the reader's (a short text: no icon, decision 0028). */
  language: DocumentLanguage;
  tags: string[];
  created_at: string;
  size: number | null;
  /** With a search: the excerpt around the matched words, shown instead of the description. */
  snippet?: SnippetPart[] | null;
  /** Where in the file the snippet comes from, when it does. */
  snippetPlace?: SnippetPlace | null;
  /** The first page, or the type's placeholder (lists that know neither show no picture). */
  thumbnail?: ListItemExtras["thumbnail"];
  fileType?: string | null;
  /** The text view, when the file's text was read. */
  text?: ListItemExtras["text"];
}

const CATEGORY_COLOURS: Record<string, string> = {
  Report: "bg-blue-100 text-blue-800",
  Guideline: "bg-green-100 text-green-800",
  Update: "bg-orange-100 text-orange-800",
  Dashboard: "bg-purple-100 text-purple-800",
};

/** A document's category, named in the reader's language (its colour follows the English value). */
export function CategoryBadge({ category }: { category: string }) {
  const { i18n } = useLingui();
  return <span className={`badge ${CATEGORY_COLOURS[category] ?? "bg-slate-100 text-slate-700"}`}>{categoryLabel(category, i18n)}</span>;
}

/** Up to `max` tags, then a "+N" badge for the rest (public-portal section 2). */
export function TagList({ tags, max }: { tags: string[]; max: number }) {
  const { t } = useLingui();
  if (tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const rest = tags.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t`Tags`}>
      {shown.map((tag) => (
        <li key={tag} className="tag">
          {tag}
        </li>
      ))}
      {rest > 0 ? <li className="tag-more">+{rest}</li> : null}
    </ul>
  );
}

/**
 * A library card: links work without JavaScript (the download button is a plain link until
 * JavaScript runs). Preview opens the document with its preview shown. Plain links, not router
 * links: the public pages do not hydrate (decision 0038; see ListCard).
 */
export function DocumentCard({ doc }: { doc: DocumentCardData }) {
  const { t, i18n } = useLingui();
  const { title } = doc;
  return (
    <article className="card flex h-full flex-col gap-3">
      <div className="card-head">
        <CategoryBadge category={doc.category} />
        {/* The language beside the date: one short text, no icon (cards are drawn 20 and more to a page). */}
        <span className="text-right">
          <span data-fact="language">{documentLanguageName(doc.language, i18n)}</span>
          {" · "}
          <time dateTime={doc.created_at}>{formatLongDate(doc.created_at, i18n)}</time>
        </span>
      </div>
      <div className="flex items-start gap-3">
        {doc.thumbnail !== undefined ? <DocumentThumb thumbnail={doc.thumbnail} fileType={doc.fileType ?? null} /> : null}
        <h3 className="min-w-0 text-base font-semibold leading-snug">
          <a href={`/document/${doc.id}`} className="hover:text-brand-700 hover:underline">
            {doc.title}
          </a>
        </h3>
      </div>
      <CardText
        snippet={doc.snippet}
        snippetPlace={doc.snippetPlace}
        description={doc.description}
        className="line-clamp-3 text-sm text-slate-600"
      />
      <TagList tags={doc.tags} max={3} />
      {/* The grid's columns follow the viewport, not the room beside the side menu: a narrow card wraps its
          actions onto further lines instead of pushing them past its edge. */}
      <div className="card-foot">
        {/* The format and size beside the download, in every mode (decision 0030). */}
        <span className="whitespace-nowrap text-xs text-slate-600">
          {doc.fileType ? `${doc.fileType} · ` : ""}
          <span>{formatBytes(doc.size, i18n)}</span>
        </span>
        <div className="flex flex-wrap gap-2">
          {doc.text ? <TextLink text={doc.text} title={doc.title} /> : null}
          <a href={previewHref(doc.id)} className={buttonClass.secondary} aria-label={t`Preview ${title}`}>
            <SpriteIcon name="eye" className="h-4 w-4" />
            <Trans>Preview</Trans>
          </a>
          <DownloadButton documentId={doc.id} title={doc.title} />
        </div>
      </div>
    </article>
  );
}
