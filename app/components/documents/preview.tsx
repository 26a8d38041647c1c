import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink, Eye, EyeOff } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { PageTexts } from "../layout/page-texts";
import { buttonClass } from "../ui/styles";

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

/**
 * The document preview (public-portal section 2, "Preview widget"). Without JavaScript the toggle
 * is a link that renders the page again with the preview open; images, PDF, video and audio then
 * load by themselves and text comes from the server. With JavaScript (app/enhance/preview.ts) the
 * toggle is a button and nothing is fetched until the reader asks: the body comes from this
 * page's template, where nothing loads.
 */
export function Preview(props: PreviewProps) {
  const { t } = useLingui();
  const { open } = props;
  const icon = open ? { name: "eye-off", icon: EyeOff } : { name: "eye", icon: Eye };
  return (
    <section id="preview" data-preview aria-labelledby="preview-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="preview-heading" className="text-lg font-semibold">
          <Trans>Preview</Trans>
        </h2>
        <a
          href={open ? props.hideHref : props.showHref}
          data-preview-toggle
          className={`${buttonClass.secondary} w-full sm:w-auto`}
          aria-expanded={open}
          aria-controls="preview-body"
        >
          <LineIcon {...icon} className="h-4 w-4" />
          {open ? t`Hide Preview` : t`Show Preview`}
        </a>
      </div>
      <div id="preview-body" className="mt-4" hidden={!open}>
        {open ? <PreviewBody {...props} showLoading={false} /> : null}
      </div>
      <PreviewTemplates {...props} />
    </section>
  );
}

/** The body of an open preview; "Loading..." (removed by the page's script once the file has loaded) when opened by the button. */
function PreviewBody({ kind, url, title, serverText, showLoading }: PreviewProps & { showLoading: boolean }) {
  const { t } = useLingui();
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
    body = <img src={url} alt={title} data-preview-media="image" className="mx-auto max-h-[600px] max-w-full object-contain" />;
  } else if (kind === "video") {
    // biome-ignore lint/a11y/useMediaCaption: an uploaded file comes without a captions track
    body = <video src={url} controls preload="metadata" data-preview-media="video" className="max-h-[600px] w-full bg-black" />;
  } else if (kind === "audio") {
    // biome-ignore lint/a11y/useMediaCaption: an uploaded file comes without a captions track
    body = <audio src={url} controls preload="metadata" data-preview-media="audio" className="w-full" />;
  } else if (kind === "text") {
    body = <TextPreview url={url} serverText={serverText} />;
  } else {
    body = (
      <div className="space-y-3" data-pdf-preview>
        <iframe
          src={url}
          title={t`Preview of ${title}`}
          data-preview-media="pdf"
          className="h-[600px] w-full rounded border border-slate-200"
        />
        <div className="flex justify-end">
          <OpenInNewTab url={url} />
        </div>
      </div>
    );
  }
  return (
    <div className="relative">
      {showLoading ? (
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

/** A text file: what the server read of it, or the place the page's script fills (it reads the file with a Range request). */
function TextPreview({ url, serverText }: { url: string; serverText: PreviewProps["serverText"] }) {
  if (!serverText)
    return (
      <div data-preview-text={url}>
        <template>
          <TextView content="" truncated />
        </template>
      </div>
    );
  if ("error" in serverText)
    return (
      <InlineError>
        <Trans>Failed to load text file</Trans>
      </InlineError>
    );
  return <TextView content={serverText.content} truncated={serverText.truncated} />;
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
