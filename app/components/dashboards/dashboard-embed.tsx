import { Trans } from "@lingui/react/macro";
import { ExternalLink, MonitorPlay } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass } from "../ui/styles";

export interface EmbedProps {
  id: string;
  title: string;
  /** https only; the caller shows "No URL available" instead when there is none. */
  embedUrl: string;
  /** True when the page was asked for with ?load=1 (the no-JavaScript way to load). */
  loaded: boolean;
}

function Frame({ title, embedUrl }: { title: string; embedUrl: string }) {
  return (
    <iframe
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

/**
 * An external dashboard can weigh megabytes, too much to fetch unasked on a paid mobile link,
 * so the frame is only created when the visitor asks: a link to ?load=1 without JavaScript; with
 * it (app/enhance/dashboard-embed.ts) a button that puts the frame, inert in its template until
 * then, in place.
 */
export function DashboardEmbed({ id, title, embedUrl, loaded }: EmbedProps) {
  if (loaded) return <Frame title={title} embedUrl={embedUrl} />;
  const host = new URL(embedUrl).host;
  return (
    <div
      data-dashboard-embed
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-4 py-12 text-center"
    >
      <p className="max-w-md text-sm text-slate-600">
        <Trans>The dashboard comes from {host} and may use several megabytes of data.</Trans>
      </p>
      <a href={`/dashboards/${id}?load=1`} data-dashboard-load className={buttonClass.primary}>
        <LineIcon name="monitor-play" icon={MonitorPlay} className="h-4 w-4" />
        <Trans>Load dashboard</Trans>
      </a>
      <template data-dashboard-frame>
        <Frame title={title} embedUrl={embedUrl} />
      </template>
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
