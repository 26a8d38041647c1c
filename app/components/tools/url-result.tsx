import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide";
import { useId } from "react";
import { CopyButton } from "~/components/ui/copy-button";
import { LineIcon } from "~/components/ui/line-icon";
import { type CleanedUrl, type ResultNote, resultNotes } from "~/lib/url-cleaner";
import { CopyButtonMarkup } from "../ui/copy-button-markup";
import { inputClass } from "../ui/styles";

/** A field's copy button: the hydrated one (the share dialog's), or the public page's markup (CopyButtonMarkup). */
export type CopyControl = (props: { text: string; label: string; fieldId: string }) => React.ReactNode;

function UrlField({
  label,
  copyLabel,
  value,
  id,
  name,
  CopyControl,
}: {
  label: string;
  copyLabel: string;
  value: string;
  id: string;
  name: string;
  CopyControl: CopyControl;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          data-url-field={name}
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClass} min-w-0 flex-1 font-mono`}
        />
        <CopyControl text={value} label={copyLabel} fieldId={id} />
      </div>
    </div>
  );
}

/** What the decoder found, in words: the notes under the three addresses (`{names}` in the template). */
function Notes({ notes, names }: { notes: ResultNote[]; names: string }) {
  const { t } = useLingui();
  const texts: Record<ResultNote, string> = {
    safelinks: t`Outlook safelinks wrapper removed: the cleaned URL is the address it pointed to.`,
    mailchimp: t`This is a MailChimp click-tracking link. Its real destination is known only to MailChimp, so it was not followed: opening it would record a click.`,
    removed: t`Tracking parameters removed: ${names}.`,
    none: t`No tracking parameters found.`,
    notLinkable: t`This is not a web address (http or https), so it is shown as text only and never as a link.`,
  };
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
      {notes.map((note) => (
        <li key={note} data-note={note}>
          {texts[note]}
        </li>
      ))}
    </ul>
  );
}

function OpenCleaned({ href }: { href: string }) {
  return (
    <p className="text-sm" data-url-open>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="inline-flex items-center gap-1 break-all text-brand-700 underline"
      >
        <Trans>Open the cleaned URL</Trans>
        <LineIcon name="external-link" icon={ExternalLink} className="h-3.5 w-3.5 shrink-0" />
        <span className="sr-only">
          {" "}
          <Trans>(opens in a new tab)</Trans>
        </span>
      </a>
    </p>
  );
}

/**
 * Original, decoded and cleaned URLs with copy buttons; the cleaned one is a link only when it is
 * http(s). `CopyControl` is the share dialog's button by default, CopyButtonMarkup on the public page.
 */
export function UrlResult({
  result,
  compact = false,
  CopyControl = CopyButton,
}: {
  result: CleanedUrl;
  compact?: boolean;
  CopyControl?: CopyControl;
}) {
  const id = useId();
  return <UrlResultParts result={result} compact={compact} CopyControl={CopyControl} ids={id} />;
}

function UrlResultParts({
  result,
  compact,
  CopyControl,
  ids,
  notes = resultNotes(result),
  names = result.removed.join(", "),
  open = result.linkable && !result.mailchimp,
}: {
  result: CleanedUrl;
  compact: boolean;
  CopyControl: CopyControl;
  ids: string;
  notes?: ResultNote[];
  names?: string;
  open?: boolean;
}) {
  const { t } = useLingui();
  return (
    <div className="space-y-3" data-testid="url-result">
      {compact ? null : (
        <UrlField
          label={t`Original URL`}
          copyLabel={t`Copy original URL`}
          value={result.original}
          id={`${ids}-original`}
          name="original"
          CopyControl={CopyControl}
        />
      )}
      {compact ? null : (
        <UrlField
          label={t`Decoded URL`}
          copyLabel={t`Copy decoded URL`}
          value={result.decoded}
          id={`${ids}-decoded`}
          name="decoded"
          CopyControl={CopyControl}
        />
      )}
      <UrlField
        label={t`Cleaned URL`}
        copyLabel={t`Copy cleaned URL`}
        value={result.cleaned}
        id={`${ids}-cleaned`}
        name="cleaned"
        CopyControl={CopyControl}
      />
      {open ? <OpenCleaned href={result.cleaned} /> : null}
      <Notes notes={notes} names={names} />
    </div>
  );
}

const EMPTY: CleanedUrl = { original: "", decoded: "", cleaned: "", removed: [], safelinks: false, mailchimp: false, linkable: true };
const EVERY_NOTE: ResultNote[] = ["safelinks", "mailchimp", "removed", "none", "notLinkable"];

/**
 * A result as inert markup for the public page's script (app/enhance/url-decoder.ts, decision
 * 0038), which decodes in the browser: every part and note is there, the script keeps those that
 * apply and fills in the addresses and `{names}`.
 */
export function UrlResultTemplate() {
  return (
    <template data-url-result>
      <UrlResultParts
        result={EMPTY}
        compact={false}
        CopyControl={CopyButtonMarkup}
        ids="url-result"
        notes={EVERY_NOTE}
        names="{names}"
        open
      />
    </template>
  );
}
