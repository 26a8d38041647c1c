import { Trans, useLingui } from "@lingui/react/macro";
import { Share2 } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { toast } from "~/components/ui/toast";
import { usePageHydrates } from "../layout/enhance-script";
import { buttonClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";

export interface ShareLinkButtonProps {
  /** The path of the page to share; the address copied is made absolute in the browser (it needs the browser's origin). */
  path: string;
  /** What is shared, for the button's accessible name: "Share {title}". */
  title: string;
  className?: string;
}

/**
 * Copies a document's link (the list cards' share button). Copying needs JavaScript, so the button
 * is only rendered once the page is hydrated; without it the card's title links to the document.
 */
export function ShareLinkButton({ path, title, className = "" }: ShareLinkButtonProps) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const hydrates = usePageHydrates();
  const label = t`Share ${title}: copy the document's link`;
  const content = (
    <>
      <LineIcon name="share-2" icon={Share2} className="h-4 w-4" />
      <Trans>Share</Trans>
    </>
  );
  // A page that does not hydrate sends it hidden; its script shows it and copies (app/enhance/share-link.ts).
  if (!hydrates)
    return (
      <button type="button" hidden data-share-link={path} className={`${buttonClass.secondary} ${className}`.trim()} aria-label={label}>
        {content}
      </button>
    );
  if (!hydrated) return null;

  async function share() {
    try {
      if (!navigator.clipboard) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(new URL(path, window.location.origin).href);
      toast.success(t`Link copied`, { description: t`Document link copied to clipboard` });
    } catch {
      toast.error(t`Share failed`, { description: t`Unable to copy link to clipboard` });
    }
  }

  return (
    <button type="button" onClick={share} className={`${buttonClass.secondary} ${className}`.trim()} aria-label={label}>
      {content}
    </button>
  );
}
