import { Trans } from "@lingui/react/macro";
import { Share2 } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass } from "../ui/styles";
import { ShareDialogTemplate } from "./share-dialog-template";
import { ShareTargets } from "./share-targets";

export interface ShareDialogProps {
  /** The absolute address to share. */
  url: string;
  title: string;
  className?: string;
}

/**
 * "Share Document" (public-portal section 2): the link with a copy button, an optional recipient
 * and message, and five share targets. Without JavaScript a disclosure that reveals the link and
 * the targets as plain links; with it a Share button (sent hidden) that opens the dialog as a modal
 * <dialog> (share-dialog-template.tsx, app/enhance/share-dialog.ts: focus kept inside, Escape,
 * focus back on the button).
 */
export function ShareDialog({ url, title, className = "" }: ShareDialogProps) {
  return (
    <>
      <ShareDisclosure url={url} title={title} className={className} />
      <button
        type="button"
        hidden
        data-share-open
        aria-haspopup="dialog"
        aria-expanded="false"
        className={`${buttonClass.secondary} ${className}`.trim()}
      >
        <LineIcon name="share-2" icon={Share2} className="h-4 w-4" />
        <Trans>Share</Trans>
      </button>
      <ShareDialogTemplate url={url} title={title} />
    </>
  );
}

function ShareDisclosure({ url, title, className }: ShareDialogProps) {
  return (
    <details id="share" data-share-disclosure className="group relative">
      <summary className={`${buttonClass.secondary} cursor-pointer list-none [&::-webkit-details-marker]:hidden ${className}`.trim()}>
        <LineIcon name="share-2" icon={Share2} className="h-4 w-4" />
        <Trans>Share</Trans>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-4 shadow-lg">
        <h2 className="text-lg font-semibold">
          <Trans>Share Document</Trans>
        </h2>
        <p className="mt-3 text-sm font-medium text-slate-800">
          <Trans>Document link</Trans>
        </p>
        <p className="mt-1 select-all break-all rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm">{url}</p>
        <div className="mt-4">
          <ShareTargets input={{ url, title }} />
        </div>
      </div>
    </details>
  );
}
