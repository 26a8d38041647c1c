import { useLingui } from "@lingui/react";
import type { DocumentLanguage } from "~/lib/document-language";
import { documentLanguageName } from "~/lib/document-language-names";
import type { ListItemExtras, SnippetPart, SnippetPlace } from "~/lib/document-query";
import { formatLongDate, formatSizeKb } from "~/lib/format";
import { documentPath } from "~/lib/share";
import { SpriteIcon } from "../ui/icon-sprite";
import { CardText } from "./card-text";
import { TagList } from "./document-card";
import { DocumentThumb, TextLink } from "./document-thumb";
import { DownloadButton } from "./download-button";
import { ShareLinkButton } from "./share-link-button";

export interface ListCardItem {
  id: string;
  title: string;
  description: string | null;
  tags: string[];
  created_at: string;
  size: number | null;
  /** The language it is written in, named in the reader's (a short text: no icon, decision 0028). */
  language: DocumentLanguage;
  /** With a search: the excerpt around the matched words, shown instead of the description. */
  snippet?: SnippetPart[] | null;
  /** Where in the file the snippet comes from, when it does. */
  snippetPlace?: SnippetPlace | null;
  thumbnail?: ListItemExtras["thumbnail"];
  fileType?: string | null;
  /** The text view, when the file's text was read. */
  text?: ListItemExtras["text"];
}

/**
 * A card of the reports, guidelines and standards lists (public-portal section 2). Its Share copies
 * the document's own address: the list page's would not lead the recipient to this document. Its
 * links are plain links: the public pages do not hydrate (decision 0038), and a router link
 * writes the same tag after resolving its path, about 1 ms a list page (issue 10).
 */
export function ListCard({ item }: { item: ListCardItem }) {
  const { i18n } = useLingui();
  return (
    <article className="card flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {item.thumbnail !== undefined ? <DocumentThumb thumbnail={item.thumbnail} fileType={item.fileType ?? null} /> : null}
        <div className="min-w-0 flex-1 space-y-2">
          <h2 className="text-lg font-semibold leading-snug">
            <a href={`/document/${item.id}`} className="hover:text-brand-700 hover:underline">
              {item.title}
            </a>
          </h2>
          <CardText
            snippet={item.snippet}
            snippetPlace={item.snippetPlace}
            description={item.description}
            className="text-sm text-slate-600"
          />
          <TagList tags={item.tags} max={3} />
          <p className="card-facts">
            <span className="card-fact">
              <SpriteIcon name="calendar" className="h-3.5 w-3.5" />
              <time dateTime={item.created_at}>{formatLongDate(item.created_at, i18n)}</time>
            </span>
            <span className="card-fact" data-fact="language">
              {documentLanguageName(item.language, i18n)}
            </span>
            {/* The format and size of what Download fetches, in every mode (decision 0030). */}
            <span className="card-fact whitespace-nowrap">
              <SpriteIcon name="hard-drive" className="h-3.5 w-3.5" />
              {item.fileType ? `${item.fileType} · ` : ""}
              <span>{formatSizeKb(item.size, i18n)}</span>
            </span>
          </p>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {item.text ? <TextLink text={item.text} title={item.title} /> : null}
        <ShareLinkButton path={documentPath(item.id)} title={item.title} />
        <DownloadButton documentId={item.id} title={item.title} />
      </div>
    </article>
  );
}
