import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, XCircle } from "lucide-react";
import type { BulkFileResult } from "~/lib/folders";
import { formatBytes } from "~/lib/format";
import { inputClass } from "../../ui/styles";
import { bulkSummaryOf, localMessage } from "../content/messages";

/** One chosen file of the bulk upload, as the browser tracks it. */
export interface Entry {
  key: number;
  file: File;
  title: string;
  /** ready: will be sent; refused: checked out (by the browser or the server); error: the connection failed, sent again next time. */
  status: "ready" | "refused" | "uploading" | "done" | "error";
  percent: number;
  /** Shown in the page's language (a rule's English message is translated when shown). */
  message: string | null;
}

function FileProgress({ entry }: { entry: Entry }) {
  const { t } = useLingui();
  const done = entry.status === "done";
  const name = entry.file.name;
  return (
    <div
      role="progressbar"
      aria-label={t`Upload progress of ${name}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={entry.percent}
      className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className={`h-full rounded-full transition-[width] ${done ? "bg-green-600" : "bg-brand-600"}`}
        style={{ width: `${entry.percent}%` }}
      />
    </div>
  );
}

function EntryMessage({ entry }: { entry: Entry }) {
  const { i18n } = useLingui();
  if (!entry.message) return null;
  const good = entry.status === "done";
  return (
    <p className={`mt-1 flex items-center gap-1 text-sm ${good ? "text-green-800" : "text-red-800"}`} data-testid="bulk-file-message">
      {good ? <CheckCircle2 aria-hidden className="h-4 w-4 shrink-0" /> : <XCircle aria-hidden className="h-4 w-4 shrink-0" />}
      {localMessage(entry.message, i18n)}
    </p>
  );
}

/** The chosen files: a title field each (pre-filled from the name), its progress bar, its message. */
export function EntryList({
  entries,
  disabled,
  onTitle,
}: {
  entries: Entry[];
  disabled: boolean;
  onTitle: (key: number, title: string) => void;
}) {
  const { i18n, t } = useLingui();
  if (entries.length === 0) return null;
  return (
    <ul className="max-h-[50vh] space-y-2 overflow-y-auto" aria-label={t`Selected files`}>
      {entries.map((entry) => {
        const name = entry.file.name;
        return (
          <li key={entry.key} data-file={entry.file.name} data-status={entry.status} className="rounded-md border border-slate-200 p-3">
            <p className="flex justify-between gap-2 text-sm">
              <span className="break-all font-medium">{entry.file.name}</span>
              <span className="shrink-0 tabular-nums text-slate-600">{formatBytes(entry.file.size, i18n)}</span>
            </p>
            {entry.status === "refused" ? null : (
              <div className="mt-2">
                <label htmlFor={`bulk-title-${entry.key}`} className="sr-only">
                  <Trans>Title for {name}</Trans>
                </label>
                <input
                  id={`bulk-title-${entry.key}`}
                  value={entry.title}
                  disabled={disabled || entry.status === "done"}
                  onChange={(e) => onTitle(entry.key, e.target.value)}
                  placeholder={t`Title`}
                  className={`${inputClass} py-1`}
                />
              </div>
            )}
            {entry.status === "uploading" || entry.status === "done" ? <FileProgress entry={entry} /> : null}
            <EntryMessage entry={entry} />
          </li>
        );
      })}
    </ul>
  );
}

/** The results of a bulk upload sent without JavaScript: one line per file. */
function UploadedAs({ title }: { title: string }) {
  return <Trans>uploaded as "{title}"</Trans>;
}

export function BulkResults({ results }: { results: BulkFileResult[] }) {
  const { i18n, t } = useLingui();
  return (
    <section aria-label={t`Upload results`} className="rounded-md border border-slate-200 bg-white p-3">
      <p role="status" className="text-sm font-semibold" data-testid="bulk-summary">
        {bulkSummaryOf(results, i18n)}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {results.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one upload's results, never reordered; names may repeat
          <li key={`${r.name}-${i}`} className={`flex items-start gap-1 ${r.ok ? "text-green-800" : "text-red-800"}`} data-file={r.name}>
            {r.ok ? (
              <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            ) : (
              <XCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            )}
            <span className="break-all">
              <strong>{r.name}</strong>: {r.ok ? <UploadedAs title={r.title} /> : localMessage(r.message, i18n)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
