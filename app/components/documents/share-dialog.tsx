import { Trans, useLingui } from "@lingui/react/macro";
import { Share2 } from "lucide";
import { lazy, Suspense, useRef, useState } from "react";
import { LineIcon } from "~/components/ui/line-icon";
import { SHARE_TARGETS, type ShareInput, shareHref, shareTargetLabel } from "~/lib/share";
import { buttonClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";

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
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
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
        <LineIcon name="share-2" icon={Share2} className="h-4 w-4" />
        <Trans>Share</Trans>
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

/** The five targets as links: they work the same with or without JavaScript. */
export function ShareTargets({ input, onEmail }: { input: ShareInput; onEmail?: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t`Share via`}>
      {SHARE_TARGETS.map(({ target }) => (
        <li key={target}>
          {target === "email" ? (
            <a href={shareHref(target, input, i18n)} onClick={onEmail} className={`${buttonClass.secondary} w-full`}>
              {shareTargetLabel(target, i18n)}
            </a>
          ) : (
            <a
              href={shareHref(target, input, i18n)}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonClass.secondary} w-full`}
            >
              {shareTargetLabel(target, i18n)}
              <span className="sr-only">
                {" "}
                <Trans>(opens in a new tab)</Trans>
              </span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function ShareDisclosure({ url, title, className }: ShareDialogProps) {
  return (
    <details id="share" className="group relative">
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
