import { useLingui } from "@lingui/react/macro";
import { X } from "lucide";
import { LineIcon } from "./line-icon";

/**
 * The toasts' corner of a page that does not hydrate (decision 0038), as inert markup in the
 * reader's language: app/enhance/toast.ts copies it into the page with the first toast. Bottom
 * left, as on the admin pages (ui/toaster.tsx): clear of the header and of the "Recent Updates"
 * panel (bottom right on wider screens).
 */
export function ToasterTemplate() {
  const { t } = useLingui();
  return (
    <template data-toaster>
      <section aria-label={t`Notifications`} className="fixed inset-x-3 bottom-3 z-50 sm:right-auto sm:bottom-4 sm:left-4 sm:w-96">
        <ol aria-live="polite" className="flex flex-col gap-2" />
      </section>
      <template data-toast-item>
        <li
          data-toast
          className="relative rounded-lg border border-slate-200 bg-white py-3 pr-10 pl-4 text-slate-900 shadow-lg data-[kind=error]:border-red-200 data-[kind=error]:bg-red-50 data-[kind=error]:text-red-900 data-[kind=success]:border-emerald-200 data-[kind=success]:bg-emerald-50 data-[kind=success]:text-emerald-900"
        >
          <p data-title className="text-sm font-semibold" />
          <p data-description className="text-sm break-words" />
          <button type="button" aria-label={t`Close toast`} className="absolute top-2 right-2 rounded p-1 hover:bg-black/5">
            <LineIcon name="x" icon={X} className="h-4 w-4" />
          </button>
        </li>
      </template>
    </template>
  );
}
