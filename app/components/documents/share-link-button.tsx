import { Trans, useLingui } from "@lingui/react/macro";
import { SpriteIcon } from "~/components/ui/icon-sprite";
import { buttonClass } from "../ui/styles";

export interface ShareLinkButtonProps {
  /** The path of the page to share; the address copied is made absolute in the browser (it needs the browser's origin). */
  path: string;
  /** What is shared, for the button's accessible name: "Share {title}". */
  title: string;
  className?: string;
}

/**
 * Copies a document's link (the list cards' share button). Copying needs JavaScript, so the button
 * is sent hidden and app/enhance/share-link.ts shows it; without it the card's title links to the
 * document.
 */
export function ShareLinkButton({ path, title, className = "" }: ShareLinkButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      hidden
      data-share-link={path}
      className={`${buttonClass.secondary} ${className}`.trim()}
      aria-label={t`Share ${title}: copy the document's link`}
    >
      <SpriteIcon name="share-2" className="h-4 w-4" />
      <Trans>Share</Trans>
    </button>
  );
}
