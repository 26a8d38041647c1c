import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { CopyButton } from "~/components/ui/copy-button";
import { SHARE_TARGETS, type ShareInput, shareHref } from "~/lib/share";
import type { UrlOption } from "~/lib/share-links";
import { type DecodeOutcome, decodeUrl } from "~/lib/url-cleaner";
import { UrlResult } from "../../tools/url-result";
import { Alert } from "../../ui/alert";
import { SpriteIcon } from "../../ui/icon-sprite";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";

/** The pieces of the Enhanced Share dialog (admin-and-sharing section 2), shared by the dialog and its no-JS disclosure. */

export const SHARE_TIPS: MessageDescriptor[] = [
  msg`Share-token links keep working if the document is renamed; revoke them from Shareable Links.`,
  msg`Drafts and private folders stay hidden: their links open only once they are published or public.`,
  msg`On slow connections, send the link rather than the file: people download only what they need.`,
  msg`Paste links from e-mails into the URL decoder first, so you do not pass on tracking or safelinks wrappers.`,
];

export function ShareTips() {
  const { t } = useLingui();
  return (
    <section aria-label={t`Tips`}>
      <h3 className="text-sm font-semibold">
        <Trans>Tips</Trans>
      </h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {SHARE_TIPS.map((tip) => (
          <li key={tip.id}>{t(tip)}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The document addresses' names and hints as lib/share-links.ts writes them (English), in the
 * page's language; a text given translated already (the folder link's) is shown as it is.
 */
const OPTION_TEXTS: Record<string, MessageDescriptor> = {
  "Direct link": msg`Direct link`,
  "The document's page on the portal.": msg`The document's page on the portal.`,
  "Public link": msg`Public link`,
  "The public view of the document.": msg`The public view of the document.`,
  "Share-token link": msg`Share-token link`,
  "An unguessable link you can revoke or regenerate under Shareable Links.": msg`An unguessable link you can revoke or regenerate under Shareable Links.`,
};

/** One address with its copy button; the radio chooses the address the e-mail and social links carry. */
export function UrlOptionRow({
  option,
  selected,
  onSelect,
  missing,
}: {
  option: UrlOption;
  selected?: boolean;
  onSelect?: () => void;
  missing?: React.ReactNode;
}) {
  const id = useId();
  const { t } = useLingui();
  const local = (text: string) => (OPTION_TEXTS[text] ? t(OPTION_TEXTS[text]) : text);
  const label = local(option.label);
  const hint = local(option.hint);
  const name = label.toLowerCase();
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <div className="flex items-start gap-2">
        {onSelect ? (
          <input
            type="radio"
            id={`${id}-choice`}
            name="share-url"
            checked={!!selected}
            disabled={!option.url}
            onChange={onSelect}
            className="mt-1 accent-brand-600"
          />
        ) : null}
        {onSelect || option.url ? (
          <label htmlFor={onSelect ? `${id}-choice` : `${id}-url`} className="text-sm">
            <span className="font-medium text-slate-900">{label}</span>
            <span className="block text-slate-600">{hint}</span>
          </label>
        ) : (
          <p className="text-sm">
            <span className="font-medium text-slate-900">{label}</span>
            <span className="block text-slate-600">{hint}</span>
          </p>
        )}
      </div>
      {option.url ? (
        <div className="mt-2 flex gap-2">
          <input
            id={`${id}-url`}
            readOnly
            value={option.url}
            aria-label={label}
            onFocus={(e) => e.currentTarget.select()}
            className={`${inputClass} min-w-0 flex-1`}
          />
          <CopyButton text={option.url} label={t`Copy ${name}`} fieldId={`${id}-url`} />
        </div>
      ) : (
        <div className="mt-2">{missing}</div>
      )}
    </div>
  );
}

/** E-mail (with an optional recipient), WhatsApp and the social targets: plain links, so they work without JavaScript. */
export function ShareVia({ url, title, withRecipient }: { url: string | null; title: string; withRecipient: boolean }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const { t } = useLingui();
  if (!url)
    return (
      <p className="text-sm text-slate-600">
        <Trans>The share options appear once the link exists.</Trans>
      </p>
    );
  const input: ShareInput = { url, title, email };
  const social = SHARE_TARGETS.filter((t) => t.target !== "email" && t.target !== "whatsapp");
  return (
    <div className="space-y-3">
      {withRecipient ? (
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            <Trans>Recipient e-mail (optional)</Trans>
          </label>
          <input
            id={`${id}-email`}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="email"
            className={`${inputClass} mt-1`}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <a href={shareHref("email", input)} className={buttonClass.secondary}>
          <SpriteIcon name="mail" className="h-4 w-4" />
          <Trans>Email</Trans>
        </a>
        <a href={shareHref("whatsapp", input)} target="_blank" rel="noopener noreferrer" className={buttonClass.secondary}>
          <SpriteIcon name="message-circle" className="h-4 w-4" />
          WhatsApp
          <span className="sr-only">
            {" "}
            <Trans>(opens in a new tab)</Trans>
          </span>
        </a>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={t`Social share`}>
        {social.map(({ target, label }) => (
          <li key={target}>
            <a href={shareHref(target, input)} target="_blank" rel="noopener noreferrer" className={buttonClass.secondary}>
              <SpriteIcon name="share-2" className="h-4 w-4" />
              {label}
              <span className="sr-only">
                {" "}
                <Trans>(opens in a new tab)</Trans>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The dialog's URL decoder: the tool's function, in the browser. */
export function DecoderField() {
  const id = useId();
  const [value, setValue] = useState("");
  const [outcome, setOutcome] = useState<DecodeOutcome | null>(null);
  return (
    <div>
      <label htmlFor={`${id}-decode`} className={labelClass}>
        <Trans>URL decoder</Trans>
      </label>
      <p className="text-sm text-slate-600">
        <Trans>Paste a link (for example from an e-mail) to get a clean address to share.</Trans>
      </p>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-decode`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              setOutcome(decodeUrl(value));
            }
          }}
          spellCheck={false}
          className={`${inputClass} min-w-0 flex-1 font-mono`}
        />
        <button type="button" className={buttonClass.secondary} onClick={() => setOutcome(decodeUrl(value))}>
          <Trans>Clean URL</Trans>
        </button>
      </div>
      {outcome ? (
        <div className="mt-3">
          {outcome.ok ? <UrlResult result={outcome.result} compact /> : <Alert tone="error" title={outcome.message} />}
        </div>
      ) : null}
    </div>
  );
}

/** Without JavaScript the decoder is the tool page's GET form. */
export function DecoderForm() {
  const id = useId();
  return (
    <form method="get" action="/tools/url-decoder" target="_blank" className="space-y-1" rel="noopener">
      <label htmlFor={`${id}-decode`} className={labelClass}>
        <Trans>URL decoder</Trans>
      </label>
      <div className="flex gap-2">
        <input id={`${id}-decode`} name="url" className={`${inputClass} min-w-0 flex-1 font-mono`} />
        <button type="submit" className={buttonClass.secondary}>
          <Trans>Decode</Trans>
          <span className="sr-only">
            {" "}
            <Trans>(opens in a new tab)</Trans>
          </span>
        </button>
      </div>
    </form>
  );
}
