import { PageTexts } from "~/components/layout/page-texts";
import { buttonClass } from "~/components/ui/styles";
import type { SaveRequest } from "./saved-store";

/** The texts, in the reader's language, from the page's loader (app/.server/offline/texts.ts). */
export interface SaveOfflineTexts {
  save: string;
  saving: string;
  saved: string;
  savedLink: string;
  noRoom: string;
  failed: string;
}

/**
 * "Save for offline" on a document's page (decision 0036): sent hidden, shown by
 * app/enhance/save-offline.ts in a browser with Cache Storage and service workers (saving is done
 * by the page's script, and read back by the service worker). The request and the texts go with it.
 */
export function SaveOffline({ request, texts }: { request: SaveRequest; texts: SaveOfflineTexts }) {
  return (
    <div hidden data-save-offline={JSON.stringify(request)} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <p hidden className="text-sm font-medium text-emerald-800" data-saved>
        {texts.saved}
      </p>
      <button type="button" data-save className={`${buttonClass.secondary} w-full sm:w-auto`}>
        {texts.save}
      </button>
      <a href="/saved" className="text-sm text-brand-700 underline hover:text-brand-800">
        {texts.savedLink}
      </a>
      <p hidden role="alert" data-refused className="w-full text-sm text-red-800" />
      <PageTexts name="save-offline" texts={{ ...texts }} />
    </div>
  );
}
