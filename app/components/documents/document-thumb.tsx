import { Trans, useLingui } from "@lingui/react/macro";
import type { ListItemExtras } from "~/lib/document-query";
import { formatSizeKb } from "~/lib/format";
import { useDataSaver } from "../layout/data-saver";
import { SpriteIcon } from "../ui/icon-sprite";
import { buttonClass } from "../ui/styles";

/**
 * A document's first page beside its card (issue 11): the reader's small WebP, lazy-loaded, in a
 * box of fixed size (with the image's own width and height, so nothing moves when it arrives);
 * without one, or in data-saver mode (decision 0030: no image is requested), a file icon and the
 * file's type in the same box. Decorative: the card's title names the document.
 */
export function DocumentThumb({ thumbnail, fileType }: Pick<ListItemExtras, "thumbnail" | "fileType">) {
  const dataSaver = useDataSaver();
  const box = "h-[84px] w-16 shrink-0 overflow-hidden rounded border border-slate-200 bg-white";
  if (thumbnail && !dataSaver) {
    return (
      <img
        src={thumbnail.src}
        width={thumbnail.width}
        height={thumbnail.height}
        loading="lazy"
        decoding="async"
        alt=""
        className={`${box} object-cover object-top`}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={`${box} flex flex-col items-center justify-center gap-1 bg-slate-50 text-xs font-semibold text-slate-500`}
    >
      <SpriteIcon name="file-text" className="h-5 w-5 text-slate-400" />
      {fileType ?? "—"}
    </div>
  );
}

/** A card's offer of the text view: light on a thin link, with the size to say so (issue 11). */
export function TextLink({ text, title }: { text: NonNullable<ListItemExtras["text"]>; title: string }) {
  const { t, i18n } = useLingui();
  const size = formatSizeKb(text.chars, i18n);
  return (
    <a href={text.href} className={buttonClass.secondary} aria-label={t`Read ${title} as text (${size})`}>
      <Trans>Text · {size}</Trans>
    </a>
  );
}
