import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link2 } from "lucide";
import { useState } from "react";
import { Form } from "react-router";
import { UrlResult } from "~/components/tools/url-result";
import { Alert } from "~/components/ui/alert";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass, inputClass, labelClass } from "~/components/ui/styles";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { siteTitle } from "~/lib/site";
import { type DecodeOutcome, decodeProblem, decodeUrl } from "~/lib/url-cleaner";
import type { Route } from "./+types/url-decoder";

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = pageI18n();
  return [
    { title: siteTitle(matches, i18n._(msg`URL Decoder`)) },
    {
      name: "description",
      content: i18n._(msg`Decode a link, unwrap Outlook safelinks and remove tracking parameters before sharing it.`),
    },
    // Opening a cleaned link must not tell its site which address was decoded here.
    { name: "referrer", content: "no-referrer" },
  ];
};

/**
 * /tools/url-decoder (admin-and-sharing sections 2, 5, 8 and 9): public, no sign-in. Without
 * JavaScript the GET form brings the URL here and the server decodes it; with JavaScript the
 * same function runs in the browser and nothing is sent.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url).searchParams.get("url");
  return { input: url ?? "", outcome: url === null ? null : decodeUrl(url) };
}

export function headers() {
  // A decoded address may be private (a personal link from an e-mail): keep it out of caches.
  return { "Cache-Control": "no-store" };
}

function Outcome({ outcome }: { outcome: DecodeOutcome }) {
  const { i18n } = useLingui();
  if (!outcome.ok) {
    const { title, description } = decodeProblem(outcome.message, i18n);
    return (
      <Alert tone="error" title={title}>
        {description}
      </Alert>
    );
  }
  return <UrlResult result={outcome.result} />;
}

/** What this decoding removed: only the names it found, so the heading never contradicts "No tracking parameters found". */
function RemovedParameters({ names }: { names: string[] }) {
  return (
    <section aria-labelledby="removed-heading" className="mt-8 text-sm text-slate-700">
      <h2 id="removed-heading" className="text-base font-semibold text-slate-900">
        <Trans>Parameters removed</Trans>
      </h2>
      <p className="mt-2 font-mono">{names.join(", ")}</p>
    </section>
  );
}

export default function UrlDecoder({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const [input, setInput] = useState(loaderData.input);
  const [outcome, setOutcome] = useState<DecodeOutcome | null>(loaderData.outcome);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(decodeUrl(input));
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="flex items-center gap-2 text-3xl font-bold">
        <LineIcon name="link-2" icon={Link2} className="h-7 w-7 text-brand-700" />
        <Trans>URL Decoder</Trans>
      </h1>
      <p className="mt-2 text-slate-700">
        <Trans>
          Paste a link from an e-mail or a message to see where it really goes: percent-encoding is decoded, Outlook safelinks are
          unwrapped, MailChimp click-tracking links are recognised (never followed), and tracking parameters are removed.
        </Trans>
      </p>
      <Form method="get" onSubmit={onSubmit} noValidate className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <label htmlFor="url" className={labelClass}>
          <Trans>URL to decode</Trans>
        </label>
        <textarea
          id="url"
          name="url"
          rows={3}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          spellCheck={false}
          autoComplete="off"
          placeholder="https://eur01.safelinks.protection.outlook.com/?url=..."
          className={`${inputClass} mt-1 font-mono`}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.primary}>
            <Trans>Decode URL</Trans>
          </button>
          <a
            href="/tools/url-decoder"
            className={buttonClass.secondary}
            onClick={(e) => {
              e.preventDefault();
              setInput("");
              setOutcome(null);
            }}
          >
            <Trans>Clear</Trans>
          </a>
        </div>
      </Form>
      <section aria-label={t`Result`} aria-live="polite" className="mt-6">
        {outcome ? <Outcome outcome={outcome} /> : null}
      </section>
      {outcome?.ok && outcome.result.removed.length ? <RemovedParameters names={outcome.result.removed} /> : null}
    </div>
  );
}
