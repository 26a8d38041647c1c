import { Trans } from "@lingui/react/macro";
import { ExternalLink, MonitorPlay } from "lucide";
import { useEffect, useRef, useState } from "react";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";

export interface EmbedProps {
  id: string;
  title: string;
  /** https only; the caller shows "No URL available" instead when there is none. */
  embedUrl: string;
  /** True when the page was asked for with ?load=1 (the no-JavaScript way to load). */
  loaded: boolean;
}

/**
 * An external dashboard can weigh megabytes, too much to fetch unasked on a paid mobile link,
 * so the frame is only created when the visitor asks: a link to ?load=1 without JavaScript,
 * a button that shows the frame in place with it.
 */
export function DashboardEmbed({ id, title, embedUrl, loaded: loadedByUrl }: EmbedProps) {
  const hydrated = useHydrated();
  const [loadedHere, setLoadedHere] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const loaded = loadedByUrl || loadedHere;

  // The button that had focus is gone: move focus to the dashboard it loaded.
  useEffect(() => {
    if (loadedHere) frameRef.current?.focus();
  }, [loadedHere]);

  if (loaded) {
    return (
      <iframe
        ref={frameRef}
        src={embedUrl}
        title={title}
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
        referrerPolicy="no-referrer"
        loading="lazy"
        allowFullScreen
        className="h-[75vh] min-h-[24rem] w-full rounded-lg border border-slate-200 bg-white"
      />
    );
  }

  const host = new URL(embedUrl).host;
  const label = (
    <>
      <LineIcon name="monitor-play" icon={MonitorPlay} className="h-4 w-4" />
      <Trans>Load dashboard</Trans>
    </>
  );
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
      <p className="max-w-md text-sm text-slate-600">
        <Trans>The dashboard comes from {host} and may use several megabytes of data.</Trans>
      </p>
      {hydrated ? (
        <button type="button" className={buttonClass.primary} onClick={() => setLoadedHere(true)}>
          {label}
        </button>
      ) : (
        <a href={`/dashboards/${id}?load=1`} className={buttonClass.primary}>
          {label}
        </a>
      )}
    </div>
  );
}

export function OpenInNewTab({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass.secondary}>
      <LineIcon name="external-link" icon={ExternalLink} className="h-4 w-4" />
      <Trans>Open in new tab</Trans>
    </a>
  );
}
