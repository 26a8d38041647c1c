import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, XCircle } from "lucide-react";
import { useState } from "react";
import { useLiveEvents } from "~/components/live/live-events";
import { useHydrated } from "~/components/ui/use-hydrated";
import { UtcTime } from "../utc-time";

export interface CheckRow {
  id: string;
  name: string;
  ok: boolean;
  message: string;
  durationMs: number;
}

/** One line per check, with its own success or error message (admin-and-sharing section 8). */
export function TestResults({ ranAt, results }: { ranAt: string; results: CheckRow[] }) {
  const failed = results.filter((r) => !r.ok).length;
  const count = results.length;
  return (
    <section aria-labelledby="results-heading" className="mt-6">
      <h2 id="results-heading" className="text-lg font-semibold">
        <Trans>Results</Trans>
      </h2>
      <p role="status" className={`mt-1 text-sm font-medium ${failed ? "text-red-700" : "text-green-700"}`}>
        {failed ? (
          <Trans>
            {failed} of {count} checks failed (run at <UtcTime iso={ranAt} />)
          </Trans>
        ) : (
          <Trans>
            All {count} checks passed (run at <UtcTime iso={ranAt} />)
          </Trans>
        )}
      </p>
      <ul className="mt-3 space-y-2">
        {results.map((r) => (
          <li
            key={r.id}
            className={`flex gap-3 rounded-lg border p-3 text-sm ${r.ok ? "border-green-200 bg-green-50" : "border-red-200 bg-red-50"}`}
          >
            {r.ok ? (
              <CheckCircle2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
            ) : (
              <XCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-red-700" />
            )}
            <div className="min-w-0">
              <p className="font-semibold">
                {r.name}:{" "}
                <span className={r.ok ? "text-green-800" : "text-red-800"}>{r.ok ? <Trans>Passed</Trans> : <Trans>Failed</Trans>}</span>
                <span className="ml-2 font-normal text-slate-600">{r.durationMs} ms</span>
              </p>
              <p className="break-words text-slate-800">{r.message}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * "Real-time status: Waiting, then Active once a document change is seen" (admin-and-sharing
 * section 4), from this browser's own live-update stream (staff events included). It needs
 * JavaScript; without it the page says so.
 */
export function RealtimeStatus() {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [seen, setSeen] = useState<string | null>(null);
  useLiveEvents((message) => {
    if (message.type.startsWith("document.")) setSeen(new Date().toISOString());
  });
  const state = !hydrated ? "needs-javascript" : seen ? "active" : "waiting";
  const stateLabel = state === "active" ? t`Active` : state === "waiting" ? t`Waiting` : t`Needs JavaScript`;
  return (
    <p className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">
        <Trans>Real-time status:</Trans>
      </span>
      <span
        role="status"
        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${state === "active" ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-800"}`}
      >
        {stateLabel}
      </span>
      <span className="text-slate-600">
        {state === "active" && seen ? (
          <Trans>
            last document change seen at <UtcTime iso={seen} />
          </Trans>
        ) : state === "waiting" ? (
          <Trans>listening for a document change (running the tests makes one)</Trans>
        ) : (
          <Trans>this live indicator is shown when scripts run</Trans>
        )}
      </span>
    </p>
  );
}
