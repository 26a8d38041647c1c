import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink, Eye, EyeOff } from "lucide";
import { useCallback, useEffect, useState } from "react";
import { LineIcon } from "~/components/ui/line-icon";
import { toast } from "~/components/ui/toast";
import { usePageHydrates } from "../layout/enhance-script";
import { PageTexts } from "../layout/page-texts";
import { buttonClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";

export type PreviewKind = "pdf" | "image" | "video" | "audio" | "text" | "unsupported" | "missing";

export interface PreviewProps {
  kind: PreviewKind;
  /** Signed link to the file; null without a file. */
  url: string | null;
  title: string;
  /** Open in the server render (the no-JavaScript toggle asked for it). */
  open: boolean;
  /** The first bytes of a text file, read by the server for the no-JavaScript preview. */
  serverText: { content: string; truncated: boolean } | { error: true } | null;
  /** Where the no-JavaScript toggle links to. */
  showHref: string;
  hideHref: string;
}

/** The client reads this much of a text file through a Range request (a cost cap on slow links). */
const CLIENT_TEXT_BYTES = 200 * 1024;

function failToast(i18n: I18n) {
  toast.error(i18n._(msg`Preview failed`), { description: i18n._(msg`Could not load document preview`) });
}

/**
 * The document preview (public-portal section 2, "Preview widget"). Without
 * JavaScript the toggle is a link that re-renders the page with the preview
 * open; images, PDF, video and audio then load by themselves and text comes
 * from the server. With JavaScript the toggle is a button and nothing is
 * fetched until the visitor asks for it.
 */
export function Preview(props: PreviewProps) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const hydrates = usePageHydrates();
  const [open, setOpen] = useState(props.open);
  // "Loading..." only for previews opened by the button: a server-rendered preview may have loaded before hydration.
  const [openedHere, setOpenedHere] = useState(false);
  const toggleClass = `${buttonClass.secondary} w-full sm:w-auto`;
  const icon = open ? { name: "eye-off", icon: EyeOff } : { name: "eye", icon: Eye };
  const label = open ? t`Hide Preview` : t`Show Preview`;

  return (
    <section id="preview" data-preview aria-labelledby="preview-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="preview-heading" className="text-lg font-semibold">
          <Trans>Preview</Trans>
        </h2>
        {hydrated ? (
          <button
            type="button"
            className={toggleClass}
            aria-expanded={open}
            aria-controls="preview-body"
            onClick={() => {
              setOpenedHere(!open);
              setOpen(!open);
            }}
          >
            <LineIcon {...icon} className="h-4 w-4" />
            {label}
          </button>
        ) : (
          <a
            href={open ? props.hideHref : props.showHref}
            data-preview-toggle
            className={toggleClass}
            aria-expanded={open}
            aria-controls="preview-body"
          >
            <LineIcon {...icon} className="h-4 w-4" />
            {label}
          </a>
        )}
      </div>
      <div id="preview-body" className="mt-4" hidden={!open}>
        {open ? <PreviewBody {...props} showLoading={openedHere} /> : null}
      </div>
      {hydrates ? null : <PreviewTemplates {...props} />}
    </section>
  );
}

function PreviewBody({ kind, url, title, serverText, showLoading }: PreviewProps & { showLoading: boolean }) {
  const { i18n } = useLingui();
  const [loading, setLoading] = useState(showLoading && kind !== "unsupported" && kind !== "missing");
  const [failed, setFailed] = useState(false);
  // Stable, so children may list it in effect dependencies.
  const done = useCallback(() => setLoading(false), []);
  const fail = () => {
    setLoading(false);
    setFailed(true);
    failToast(i18n);
  };

  if (kind === "missing" || !url)
    return (
      <Message>
        <Trans>No file path available</Trans>
      </Message>
    );
  if (kind === "unsupported")
    return (
      <Message>
        <Trans>Preview not available for this file type. You can download the file to view it.</Trans>
      </Message>
    );

  let body: React.ReactNode;
  if (kind === "image") {
    body = failed ? (
      <InlineError>
        <Trans>Failed to load image</Trans>
      </InlineError>
    ) : (
      <img
        src={url}
        alt={title}
        onLoad={done}
        onError={fail}
        data-preview-media="image"
        className="mx-auto max-h-[600px] max-w-full object-contain"
      />
    );
  } else if (kind === "video") {
    body = failed ? (
      <InlineError>
        <Trans>Failed to load video</Trans>
      </InlineError>
    ) : (
      // biome-ignore lint/a11y/useMediaCaption: an uploaded file comes without a captions track
      <video
        src={url}
        controls
        preload="metadata"
        onLoadedMetadata={done}
        onError={fail}
        data-preview-media="video"
        className="max-h-[600px] w-full bg-black"
      />
    );
  } else if (kind === "audio") {
    body = failed ? (
      <InlineError>
        <Trans>Failed to load audio</Trans>
      </InlineError>
    ) : (
      // biome-ignore lint/a11y/useMediaCaption: an uploaded file comes without a captions track
      <audio src={url} controls preload="metadata" onLoadedMetadata={done} onError={fail} data-preview-media="audio" className="w-full" />
    );
  } else if (kind === "text") {
    body = <TextPreview url={url} serverText={serverText} onDone={done} />;
  } else {
    body = <PdfPreview url={url} title={title} onDone={done} />;
  }
  return (
    <div className="relative">
      {loading ? (
        <p role="status" data-preview-loading className="mb-2 text-sm text-slate-600">
          <Trans>Loading...</Trans>
        </p>
      ) : null}
      {body}
    </div>
  );
}

/** Browsers without a built-in PDF viewer (most phones) would only download the file into the frame: this instead. */
function PdfUnavailable({ url }: { url: string }) {
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-6 text-center">
      <p className="font-semibold">
        <Trans>PDF Preview Unavailable</Trans>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>This browser cannot show PDF files inside the page. Open it in a new tab or download it instead.</Trans>
      </p>
      <div className="mt-4 flex justify-center">
        <OpenInNewTab url={url} />
      </div>
    </div>
  );
}

function OpenInNewTab({ url }: { url: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass.secondary}>
      <LineIcon name="external-link" icon={ExternalLink} className="h-4 w-4" />
      <Trans>Open in New Tab</Trans>
    </a>
  );
}

function PdfPreview({ url, title, onDone }: { url: string; title: string; onDone: () => void }) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  // Browsers without a built-in PDF viewer (most phones) would only download the file into the frame.
  const unavailable = hydrated && typeof navigator !== "undefined" && navigator.pdfViewerEnabled === false;
  useEffect(() => {
    if (unavailable) onDone();
  }, [unavailable, onDone]);
  if (unavailable) return <PdfUnavailable url={url} />;
  return (
    <div className="space-y-3" data-pdf-preview>
      <iframe
        src={url}
        title={t`Preview of ${title}`}
        onLoad={onDone}
        data-preview-media="pdf"
        className="h-[600px] w-full rounded border border-slate-200"
      />
      <div className="flex justify-end">
        <OpenInNewTab url={url} />
      </div>
    </div>
  );
}

function TextPreview({ url, serverText, onDone }: { url: string; serverText: PreviewProps["serverText"]; onDone: () => void }) {
  const { i18n } = useLingui();
  const [state, setState] = useState<PreviewProps["serverText"]>(serverText);
  useEffect(() => {
    if (state) {
      onDone();
      return;
    }
    const controller = new AbortController();
    fetch(url, { headers: { Range: `bytes=0-${CLIENT_TEXT_BYTES - 1}` }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
        const total = Number(response.headers.get("Content-Range")?.split("/")[1] ?? Number.NaN);
        setState({ content: await response.text(), truncated: total > CLIENT_TEXT_BYTES });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error(error);
        setState({ error: true });
        failToast(i18n);
      })
      .finally(onDone);
    return () => controller.abort();
  }, [url, state, onDone, i18n]);

  // Until the text is read: on a page that does not hydrate, the place its script fills (app/enhance/preview.ts).
  if (!state)
    return (
      <div data-preview-text={url}>
        <template>
          <TextView content="" truncated />
        </template>
      </div>
    );
  if ("error" in state)
    return (
      <InlineError>
        <Trans>Failed to load text file</Trans>
      </InlineError>
    );
  return <TextView content={state.content} truncated={state.truncated} />;
}

function TextView({ content, truncated }: { content: string; truncated: boolean }) {
  const { t } = useLingui();
  return (
    <div>
      <pre
        tabIndex={0}
        role="region"
        aria-label={t`File contents`}
        className="max-h-[600px] overflow-auto whitespace-pre-wrap break-words rounded border border-slate-200 bg-slate-50 p-3 font-mono text-xs text-slate-800"
      >
        {content}
      </pre>
      {truncated ? (
        <p data-truncated className="mt-2 text-sm text-slate-600">
          <Trans>Only the beginning of the file is shown. Download the file to see all of it.</Trans>
        </p>
      ) : null}
    </div>
  );
}

/**
 * What app/enhance/preview.ts needs on a page that does not hydrate (decision 0038): the toggle's
 * two labels, the preview's body as a press of "Show Preview" shows it (nothing in a template
 * loads), the PDF fallback, and the texts of its failures.
 */
function PreviewTemplates(props: PreviewProps) {
  const { t } = useLingui();
  return (
    <>
      <template data-preview-show>
        <LineIcon name="eye" icon={Eye} className="h-4 w-4" />
        {t`Show Preview`}
      </template>
      <template data-preview-hide>
        <LineIcon name="eye-off" icon={EyeOff} className="h-4 w-4" />
        {t`Hide Preview`}
      </template>
      <template data-preview-body>
        <PreviewBody {...props} serverText={null} showLoading />
      </template>
      {props.kind === "pdf" && props.url ? (
        <template data-pdf-unavailable>
          <PdfUnavailable url={props.url} />
        </template>
      ) : null}
      <template data-preview-error>
        <InlineError>{""}</InlineError>
      </template>
      <PageTexts
        name="preview"
        texts={{
          failed: t`Preview failed`,
          failedDescription: t`Could not load document preview`,
          image: t`Failed to load image`,
          video: t`Failed to load video`,
          audio: t`Failed to load audio`,
          text: t`Failed to load text file`,
        }}
      />
    </>
  );
}

function Message({ children }: { children: React.ReactNode }) {
  return <p className="rounded-md border border-slate-200 bg-slate-50 p-6 text-center text-slate-700">{children}</p>;
}

function InlineError({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-center text-sm font-medium text-red-900">
      {children}
    </p>
  );
}
