import { Trans, useLingui } from "@lingui/react/macro";
import { ExternalLink } from "lucide";
import { useId } from "react";
import { LineIcon } from "~/components/ui/line-icon";
import type { CleanedUrl } from "~/lib/url-cleaner";
import { CopyButton } from "../admin/folders/copy-button";
import { inputClass } from "../ui/styles";

function UrlField({ label, copyLabel, value, id }: { label: string; copyLabel: string; value: string; id: string }) {
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
          onFocus={(e) => e.currentTarget.select()}
          className={`${inputClass} min-w-0 flex-1 font-mono`}
        />
        <CopyButton text={value} label={copyLabel} fieldId={id} />
      </div>
    </div>
  );
}

/** What the decoder found, in words: the notes under the three addresses. */
function Notes({ result }: { result: CleanedUrl }) {
  const { t } = useLingui();
  const notes: string[] = [];
  if (result.safelinks) notes.push(t`Outlook safelinks wrapper removed: the cleaned URL is the address it pointed to.`);
  if (result.mailchimp)
    notes.push(
      t`This is a MailChimp click-tracking link. Its real destination is known only to MailChimp, so it was not followed: opening it would record a click.`,
    );
  const names = result.removed.join(", ");
  if (result.removed.length) notes.push(t`Tracking parameters removed: ${names}.`);
  else if (!result.mailchimp) notes.push(t`No tracking parameters found.`);
  if (!result.linkable) notes.push(t`This is not a web address (http or https), so it is shown as text only and never as a link.`);
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

/** Original, decoded and cleaned URLs with copy buttons; the cleaned one is a link only when it is http(s). */
export function UrlResult({ result, compact = false }: { result: CleanedUrl; compact?: boolean }) {
  const id = useId();
  const { t } = useLingui();
  return (
    <div className="space-y-3" data-testid="url-result">
      {compact ? null : <UrlField label={t`Original URL`} copyLabel={t`Copy original URL`} value={result.original} id={`${id}-original`} />}
      {compact ? null : <UrlField label={t`Decoded URL`} copyLabel={t`Copy decoded URL`} value={result.decoded} id={`${id}-decoded`} />}
      <UrlField label={t`Cleaned URL`} copyLabel={t`Copy cleaned URL`} value={result.cleaned} id={`${id}-cleaned`} />
      {result.linkable && !result.mailchimp ? (
        <p className="text-sm">
          <a
            href={result.cleaned}
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
      ) : null}
      <Notes result={result} />
    </div>
  );
}
