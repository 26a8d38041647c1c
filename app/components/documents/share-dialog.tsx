import { Trans } from "@lingui/react/macro";
import { Share2 } from "lucide";
import { lazy, Suspense, useRef, useState } from "react";
import { LineIcon } from "~/components/ui/line-icon";
import { usePageHydrates } from "../layout/enhance-script";
import { buttonClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";
import { ShareDialogTemplate } from "./share-dialog-template";
import { ShareTargets } from "./share-targets";

export interface ShareDialogProps {
  /** The absolute address to share. */
  url: string;
  title: string;
  className?: string;
}

/**
 * "Share Document" (public-portal section 2): the link with a copy button, an
 * optional recipient and message, and five share targets. With JavaScript it
 * is a Radix dialog (focus trap, Esc, focus returns to the button), loaded when
 * the button is first pressed: the dialog library stays out of the page's first
 * JavaScript (decision 0028). Without it, a disclosure that reveals the link and
 * the targets as plain links.
 */
export function ShareDialog({ url, title, className = "" }: ShareDialogProps) {
  const hydrated = useHydrated();
  const hydrates = usePageHydrates();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const buttonContent = (
    <>
      <LineIcon name="share-2" icon={Share2} className="h-4 w-4" />
      <Trans>Share</Trans>
    </>
  );
  // A page that does not hydrate: the disclosure, and the dialog its script opens instead (app/enhance/share-dialog.ts).
  if (!hydrates)
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
          {buttonContent}
        </button>
        <ShareDialogTemplate url={url} title={title} />
      </>
    );
  if (!hydrated) return <ShareDisclosure url={url} title={title} className={className} />;
  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={`${buttonClass.secondary} ${className}`.trim()}
      >
        {buttonContent}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShareDialogContent url={url} title={title} onClose={() => setOpen(false)} trigger={trigger} />
        </Suspense>
      ) : null}
    </>
  );
}

const ShareDialogContent = lazy(() => import("./share-dialog-content"));

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
