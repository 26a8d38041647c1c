import { Trans, useLingui } from "@lingui/react/macro";
import { Copy, X } from "lucide";
import { PageTexts } from "~/components/layout/page-texts";
import { LineIcon } from "~/components/ui/line-icon";
import { shareSubject } from "~/lib/share";
import { buttonClass, inputClass, labelClass } from "../ui/styles";
import { ShareTargets } from "./share-targets";

/**
 * "Share Document" on a public page (decision 0038): the dialog, as inert markup
 * app/enhance/share-dialog.ts copies into a modal <dialog> (focus kept inside, Escape closes, focus back on Share). The subject line of the share
 * links in the reader's language goes with it, so the script rebuilds the links as the recipient
 * and the note are typed (lib/share-targets.ts, the server's own code).
 */
export function ShareDialogTemplate({ url, title }: { url: string; title: string }) {
  const { t, i18n } = useLingui();
  return (
    <>
      <template data-share-dialog data-url={url} data-title={title} data-subject={shareSubject(title, i18n)}>
        <dialog
          aria-labelledby="share-dialog-title"
          aria-describedby="share-dialog-description"
          className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md overflow-y-auto rounded-lg bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
        >
          <div className="flex items-start justify-between gap-4">
            <h2 id="share-dialog-title" className="text-lg font-semibold">
              <Trans>Share Document</Trans>
            </h2>
            <button type="button" data-close className={`${buttonClass.ghost} -mr-2 -mt-1 px-2`} aria-label={t`Close`}>
              <LineIcon name="x" icon={X} className="h-4 w-4" />
            </button>
          </div>
          <p id="share-dialog-description" className="mt-1 text-sm text-slate-600">
            {title}
          </p>
          <div className="mt-4 space-y-4">
            <div>
              <label htmlFor="share-dialog-link" className={labelClass}>
                <Trans>Document link</Trans>
              </label>
              <div className="mt-1 flex gap-2">
                <input id="share-dialog-link" type="url" readOnly value={url} className={`${inputClass} min-w-0 flex-1`} />
                <button type="button" data-copy className={buttonClass.secondary}>
                  <LineIcon name="copy" icon={Copy} className="h-4 w-4" />
                  <Trans>Copy</Trans>
                </button>
              </div>
            </div>
            <div>
              <label htmlFor="share-dialog-email" className={labelClass}>
                <Trans>Email (optional)</Trans>
              </label>
              <input
                id="share-dialog-email"
                name="email"
                type="email"
                placeholder="recipient@example.org"
                autoComplete="email"
                className={`${inputClass} mt-1`}
              />
            </div>
            <div>
              <label htmlFor="share-dialog-message" className={labelClass}>
                <Trans>Message (optional)</Trans>
              </label>
              <textarea id="share-dialog-message" name="message" rows={3} className={`${inputClass} mt-1`} />
            </div>
            <ShareTargets input={{ url, title }} />
          </div>
        </dialog>
      </template>
      <PageTexts
        name="share"
        texts={{
          copied: t`Link copied`,
          copiedDescription: t`Document link copied to clipboard`,
          copyFailed: t`Copy failed`,
          copyFailedDescription: t`Please copy the URL manually`,
          emailOpened: t`Email opened`,
          emailOpenedDescription: t`Your email client should open with the document link`,
        }}
      />
    </>
  );
}
