import { useId, useState } from "react";
import { SHARE_TARGETS, type ShareInput, shareHref } from "~/lib/share";
import type { UrlOption } from "~/lib/share-links";
import { type DecodeOutcome, decodeUrl } from "~/lib/url-cleaner";
import { UrlResult } from "../../tools/url-result";
import { Alert } from "../../ui/alert";
import { SpriteIcon } from "../../ui/icon-sprite";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { CopyButton } from "./copy-button";

/** The pieces of the Enhanced Share dialog (admin-and-sharing section 2), shared by the dialog and its no-JS disclosure. */

export const SHARE_TIPS = [
  "Share-token links keep working if the document is renamed; revoke them from Shareable Links.",
  "Drafts and private folders stay hidden: their links open only once they are published or public.",
  "On slow connections, send the link rather than the file: people download only what they need.",
  "Paste links from e-mails into the URL decoder first, so you do not pass on tracking or safelinks wrappers.",
];

export function ShareTips() {
  return (
    <section aria-label="Tips">
      <h3 className="text-sm font-semibold">Tips</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {SHARE_TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}

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
            <span className="font-medium text-slate-900">{option.label}</span>
            <span className="block text-slate-600">{option.hint}</span>
          </label>
        ) : (
          <p className="text-sm">
            <span className="font-medium text-slate-900">{option.label}</span>
            <span className="block text-slate-600">{option.hint}</span>
          </p>
        )}
      </div>
      {option.url ? (
        <div className="mt-2 flex gap-2">
          <input
            id={`${id}-url`}
            readOnly
            value={option.url}
            aria-label={option.label}
            onFocus={(e) => e.currentTarget.select()}
            className={`${inputClass} min-w-0 flex-1`}
          />
          <CopyButton text={option.url} label={`Copy ${option.label.toLowerCase()}`} fieldId={`${id}-url`} />
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
  if (!url) return <p className="text-sm text-slate-600">The share options appear once the link exists.</p>;
  const input: ShareInput = { url, title, email };
  const social = SHARE_TARGETS.filter((t) => t.target !== "email" && t.target !== "whatsapp");
  return (
    <div className="space-y-3">
      {withRecipient ? (
        <div>
          <label htmlFor={`${id}-email`} className={labelClass}>
            Recipient e-mail (optional)
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
          Email
        </a>
        <a href={shareHref("whatsapp", input)} target="_blank" rel="noopener noreferrer" className={buttonClass.secondary}>
          <SpriteIcon name="message-circle" className="h-4 w-4" />
          WhatsApp<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label="Social share">
        {social.map(({ target, label }) => (
          <li key={target}>
            <a href={shareHref(target, input)} target="_blank" rel="noopener noreferrer" className={buttonClass.secondary}>
              <SpriteIcon name="share-2" className="h-4 w-4" />
              {label}
              <span className="sr-only"> (opens in a new tab)</span>
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
        URL decoder
      </label>
      <p className="text-sm text-slate-600">Paste a link (for example from an e-mail) to get a clean address to share.</p>
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
          Clean URL
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
        URL decoder
      </label>
      <div className="flex gap-2">
        <input id={`${id}-decode`} name="url" className={`${inputClass} min-w-0 flex-1 font-mono`} />
        <button type="submit" className={buttonClass.secondary}>
          Decode<span className="sr-only"> (opens in a new tab)</span>
        </button>
      </div>
    </form>
  );
}
