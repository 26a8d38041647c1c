import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Fragment } from "react";
import type { SnippetPart, SnippetPlace } from "~/lib/document-query";

/** "Page 3", "Slide 2", "Sheet 1": where in a file a text comes from, in the reader's language. */
export function placeName({ unit, number }: SnippetPlace, i18n: I18n): string {
  switch (unit) {
    case "page":
      return i18n._(msg`Page ${number}`);
    case "slide":
      return i18n._(msg`Slide ${number}`);
    case "sheet":
      return i18n._(msg`Sheet ${number}`);
  }
}

/**
 * A card's text: with a search, the excerpt around the matched words (the server marks them;
 * React escapes every part), after the page it comes from when it is from the file; else the description.
 */
export function CardText({
  snippet,
  snippetPlace,
  description,
  className,
}: {
  snippet?: SnippetPart[] | null;
  snippetPlace?: SnippetPlace | null;
  description: string | null;
  className: string;
}) {
  const { i18n } = useLingui();
  if (snippet && snippet.length > 0) {
    // Each part's offset in the excerpt is a stable, unique key.
    let offset = 0;
    return (
      <p className={className}>
        {snippetPlace ? <span className="font-medium text-slate-700">{`${placeName(snippetPlace, i18n)}: `}</span> : null}
        {snippet.map((part) => {
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
  }
  return description ? <p className={className}>{description}</p> : null;
}
