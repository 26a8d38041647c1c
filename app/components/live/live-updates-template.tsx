import { useLingui } from "@lingui/react/macro";
import { Bell, X } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass } from "../ui/styles";
import { newDocumentTitle, publishedMessage } from "./notifications";

/**
 * Live updates on a page that does not hydrate (decision 0038): the "Recent Updates" panel
 * (public-portal section 2) and the texts of a published document's toast, as inert markup in
 * the reader's language. app/enhance/live-updates.ts opens the stream when it is on (not in
 * data-saver mode, decision 0030; the switch turns it on and off in place) and fills copies of it
 * as events arrive. `{title}` and
 * `{message}` stand for what each event brings. The markup is the hydrated pages' panel's
 * (notifications-panel.tsx).
 */
export function LiveUpdatesTemplate({ enabled }: { enabled: boolean }) {
  const { i18n, t } = useLingui();
  // Placeholders with the names the catalogue's messages give them.
  const message = "{message}";
  return (
    <template
      data-live-updates={enabled ? "on" : "off"}
      data-title={newDocumentTitle(i18n)}
      data-message={publishedMessage("{title}", i18n)}
      data-view={t`View`}
    >
      <section
        aria-label={t`Recent Updates`}
        aria-live="polite"
        aria-relevant="additions"
        className="fixed inset-x-3 bottom-3 z-40 flex max-h-[60vh] flex-col rounded-lg border border-slate-200 bg-white shadow-lg sm:left-auto sm:right-4 sm:bottom-4 sm:w-96"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
          <h2 tabIndex={-1} className="flex items-center gap-2 text-sm font-semibold focus:outline-none">
            <LineIcon name="bell" icon={Bell} className="h-4 w-4 text-brand-700" />
            {t`Recent Updates`}
            <span data-count className="rounded-full bg-brand-100 px-2 text-xs font-medium text-brand-800" />
          </h2>
          <button type="button" data-close className="rounded p-1 text-slate-600 hover:bg-slate-100" aria-label={t`Close Recent Updates`}>
            <LineIcon name="x" icon={X} className="h-4 w-4" />
          </button>
        </div>
        <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto" />
        <div data-clear-all className="border-t border-slate-200 px-4 py-2">
          <button type="button" className={`${buttonClass.ghost} w-full`}>
            {t`Clear All Notifications`}
          </button>
        </div>
      </section>
      <template data-item>
        <li className="flex items-start gap-2 px-4 py-3">
          <div className="min-w-0 flex-1">
            <p data-title className="text-sm font-semibold" />
            <p data-message className="break-words text-sm text-slate-700" />
            <div className="mt-1 flex items-center gap-3 text-xs text-slate-600">
              <time />
              <a href="/" className="font-medium text-brand-700 hover:underline">
                <span data-label />
                <span className="sr-only">
                  : <span data-message />
                </span>
              </a>
            </div>
          </div>
          <button
            type="button"
            data-dismiss
            data-label={t`Dismiss notification: ${message}`}
            className="rounded p-1 text-slate-600 hover:bg-slate-100"
          >
            <LineIcon name="x" icon={X} className="h-4 w-4" />
          </button>
        </li>
      </template>
    </template>
  );
}
