import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { buttonClass } from "~/components/ui/styles";
import { formatSizeMb } from "~/lib/format";
import type { SavedDocument } from "./saved-store";

/** The Saved page's texts, from its loader (app/.server/offline/texts.ts). */
export interface SavedListTexts {
  needsScript: string;
  empty: string;
  total: string;
  file: string;
  textView: string;
  remove: string;
}

const sizeOf = (d: SavedDocument) => (d.file?.size ?? 0) + (d.text?.size ?? 0);

/**
 * The documents saved on this device, each with its size and a way to remove it (decision 0036).
 * Only the device knows them: the server's page says so, and this list replaces that sentence.
 */
export function SavedList({ texts }: { texts: SavedListTexts }) {
  const { i18n } = useLingui();
  const [saved, setSaved] = useState<SavedDocument[] | null>(null);
  const reload = useCallback(async () => setSaved(await (await import("./saved-store")).savedDocuments()), []);

  useEffect(() => {
    void reload().catch(() => setSaved([]));
  }, [reload]);

  if (saved === null) return <p className="text-sm text-slate-600">{texts.needsScript}</p>;
  if (saved.length === 0) return <p className="text-slate-700">{texts.empty}</p>;
  const total = saved.reduce((n, d) => n + sizeOf(d), 0);

  async function remove(documentId: string) {
    await (await import("./saved-store")).removeDocument(documentId);
    await reload();
  }

  return (
    <>
      <p className="font-medium" data-saved-total={total}>
        {texts.total.replace("{size}", formatSizeMb(total, i18n))}
      </p>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {saved.map((d) => (
          <li key={d.documentId} className="flex flex-wrap items-center justify-between gap-3 p-4" data-saved-document={d.documentId}>
            <div className="min-w-0">
              <a href={`/document/${encodeURIComponent(d.documentId)}`} className="break-words font-medium text-brand-700 underline">
                {d.title}
              </a>
              <p className="flex flex-wrap gap-x-3 text-sm text-slate-700">
                {d.file ? (
                  <a href={d.file.href} download className="underline">
                    {texts.file} · {formatSizeMb(d.file.size, i18n)}
                  </a>
                ) : null}
                {d.text ? (
                  <a href={d.text.href} className="underline">
                    {texts.textView} · {formatSizeMb(d.text.size, i18n)}
                  </a>
                ) : null}
              </p>
            </div>
            <button
              type="button"
              className={buttonClass.secondary}
              aria-label={`${texts.remove}: ${d.title}`}
              onClick={() => void remove(d.documentId)}
            >
              {texts.remove}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
