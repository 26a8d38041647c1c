import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { PageTexts } from "~/components/layout/page-texts";
import { buttonClass } from "~/components/ui/styles";
import { formatSizeMb } from "~/lib/format";
import { usePageHydrates } from "../layout/enhance-script";
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

type State = { kind: "unknown" | "idle" | "saving" | "saved" } | { kind: "refused"; message: string };

/** The store's code, fetched only on a document's page, once the page is up (saved-store.ts). */
const store = () => import("./saved-store");

/**
 * "Save for offline" on a document's page (decision 0036). Nothing is drawn without JavaScript or
 * in a browser without Cache Storage: saving is done by the page's script, and read back by the
 * service worker.
 */
export function SaveOffline({ request, texts }: { request: SaveRequest; texts: SaveOfflineTexts }) {
  const { i18n } = useLingui();
  const hydrates = usePageHydrates();
  const [state, setState] = useState<State>({ kind: "unknown" });
  const { documentId } = request;

  useEffect(() => {
    if (!("caches" in window) || !("serviceWorker" in navigator)) return;
    let live = true;
    void store()
      .then((m) => m.isSaved(documentId))
      .then((saved) => live && setState({ kind: saved ? "saved" : "idle" }))
      // A device with no room left may refuse even to open the store: saving then says why.
      .catch(() => live && setState({ kind: "idle" }));
    return () => {
      live = false;
    };
  }, [documentId]);

  if (!hydrates) return <SaveOfflineMarkup request={request} texts={texts} />;
  if (state.kind === "unknown") return null;

  async function save() {
    setState({ kind: "saving" });
    const result = await (await store()).saveDocument(request);
    if (result.ok) return setState({ kind: "saved" });
    if (result.reason === "failed") return setState({ kind: "refused", message: texts.failed });
    const message = texts.noRoom.replace("{free}", formatSizeMb(result.free, i18n)).replace("{needed}", formatSizeMb(result.needed, i18n));
    setState({ kind: "refused", message });
  }

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      {state.kind === "saved" ? (
        <p className="text-sm font-medium text-emerald-800" data-offline-saved={documentId}>
          {texts.saved}
        </p>
      ) : (
        <button
          type="button"
          className={`${buttonClass.secondary} w-full sm:w-auto`}
          disabled={state.kind === "saving"}
          onClick={() => void save()}
        >
          {state.kind === "saving" ? texts.saving : texts.save}
        </button>
      )}
      <Link to="/saved" className="text-sm text-brand-700 underline hover:text-brand-800">
        {texts.savedLink}
      </Link>
      {state.kind === "refused" ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The same on a page that does not hydrate (decision 0038): sent hidden, shown by
 * app/enhance/save-offline.ts when the browser can save, which fills it in as the hydrated
 * component renders it. The request and the texts go with it.
 */
function SaveOfflineMarkup({ request, texts }: { request: SaveRequest; texts: SaveOfflineTexts }) {
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
