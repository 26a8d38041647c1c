import { useLingui } from "@lingui/react/macro";
import { LoaderCircle } from "lucide";
import { useRef, useState } from "react";
import { LineIcon } from "~/components/ui/line-icon";
import { toast } from "~/components/ui/toast";
import { checkDownload, startBrowserDownload } from "~/lib/browser-download";
import { DOWNLOAD_NETWORK_FAILURE, downloadFailure } from "~/lib/download-errors";
import { SpriteIcon } from "../ui/icon-sprite";
import { buttonClass } from "../ui/styles";

export interface DownloadButtonProps {
  documentId: string;
  title: string;
  /** The button's text; "Download" (in the reader's language) without one. */
  label?: string;
  className?: string;
  variant?: keyof typeof buttonClass;
}

export function downloadHref(documentId: string): string {
  return `/api/documents/${encodeURIComponent(documentId)}/download`;
}

/**
 * The download action of every public card. Without JavaScript it is a plain
 * link to the file route. With JavaScript it first checks the file is there,
 * shows the spec's toasts, and keeps a per-item in-progress state (spinner,
 * blocked repeat clicks) while it works.
 */
export function DownloadButton({ documentId, title, label: given, className = "", variant = "primary" }: DownloadButtonProps) {
  const { t, i18n } = useLingui();
  const label = given ?? t`Download`;
  const href = downloadHref(documentId);
  const [busy, setBusy] = useState(false);
  // A ref as well as state: two clicks in one frame must not both start.
  const busyRef = useRef(false);

  async function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    // Modified clicks (new tab, save link as) keep the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const check = await checkDownload(href);
      if (!check.ok) {
        const description = "network" in check ? i18n._(DOWNLOAD_NETWORK_FAILURE) : downloadFailure(check.status, check.reason, i18n);
        toast.error(t`Download failed`, { description });
        return;
      }
      startBrowserDownload(href);
      toast.success(t`Download started`, { description: t`Your document is downloading` });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <a
      href={href}
      download
      // A page that does not hydrate binds the same behaviour by this mark (app/enhance/download.ts).
      data-download
      onClick={onClick}
      aria-label={`${label} ${title}`}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      className={`${buttonClass[variant]} ${busy ? "cursor-wait opacity-60" : ""} ${className}`.trim()}
    >
      {/* The spinner shows only after a click (in the browser), so it need not be in the page's sprite. */}
      {busy ? (
        <LineIcon name="loader-circle" icon={LoaderCircle} className="h-4 w-4 animate-spin motion-reduce:animate-none" />
      ) : (
        <SpriteIcon name="download" className="h-4 w-4" />
      )}
      {label}
    </a>
  );
}
