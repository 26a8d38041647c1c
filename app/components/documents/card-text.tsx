import { Fragment } from "react";
import type { SnippetPart, SnippetPlace } from "~/lib/document-query";

const PLACE_LABELS: Record<SnippetPlace["unit"], string> = { page: "Page", slide: "Slide", sheet: "Sheet" };

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
  if (snippet && snippet.length > 0) {
    // Each part's offset in the excerpt is a stable, unique key.
    let offset = 0;
    return (
      <p className={className}>
        {snippetPlace ? (
          <span className="font-medium text-slate-700">{`${PLACE_LABELS[snippetPlace.unit]} ${snippetPlace.number}: `}</span>
        ) : null}
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
