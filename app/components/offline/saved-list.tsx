import { buttonClass } from "~/components/ui/styles";

/** The Saved page's texts, from its loader (app/.server/offline/texts.ts). */
export interface SavedListTexts {
  needsScript: string;
  empty: string;
  total: string;
  file: string;
  textView: string;
  remove: string;
}

/**
 * The documents saved on this device, each with its size and a way to remove it (decision 0036).
 * Only the device knows them: the server's page says so, and the page's script
 * (app/enhance/saved-list.ts) replaces that sentence with the list, drawn from the templates here
 * (the texts in the reader's language; `{size}` is the browser's to fill in).
 */
export function SavedList({ texts }: { texts: SavedListTexts }) {
  return (
    <div data-saved-list className="space-y-4">
      <div data-saved-view>
        <p className="text-sm text-slate-600">{texts.needsScript}</p>
      </div>
      <template data-saved-empty>
        <p className="text-slate-700">{texts.empty}</p>
      </template>
      <template data-saved-list-total>
        <p className="font-medium" data-saved-total="">
          {texts.total}
        </p>
      </template>
      <template data-saved-items>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" />
      </template>
      <template data-saved-item>
        <li className="flex flex-wrap items-center justify-between gap-3 p-4" data-saved-document="">
          <div className="min-w-0">
            <a data-saved-title href="/saved" className="break-words font-medium text-brand-700 underline">
              {" "}
            </a>
            <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
              <a data-saved-part="file" href="/saved" download className="underline">
                {texts.file} · <span data-size />
              </a>
              <a data-saved-part="text" href="/saved" className="underline">
                {texts.textView} · <span data-size />
              </a>
            </p>
          </div>
          <button type="button" data-saved-remove={texts.remove} className={buttonClass.secondary}>
            {texts.remove}
          </button>
        </li>
      </template>
    </div>
  );
}
