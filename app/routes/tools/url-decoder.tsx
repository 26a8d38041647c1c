import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link2 } from "lucide";
import { UrlResult, UrlResultTemplate } from "~/components/tools/url-result";
import { Alert } from "~/components/ui/alert";
import { CopyButtonMarkup, CopyTexts } from "~/components/ui/copy-button-markup";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass, inputClass, labelClass } from "~/components/ui/styles";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { siteTitle } from "~/lib/site";
import { type DecodeOutcome, decodeUrl, URL_DECODER_MESSAGES } from "~/lib/url-cleaner";
import { decodeProblem } from "~/lib/url-decoder-problems";
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
 * same function runs in the browser and nothing is sent (app/enhance/url-decoder.ts, which draws
 * the result from the page's templates).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url).searchParams.get("url");
  return { input: url ?? "", outcome: url === null ? null : decodeUrl(url) };
}

export function headers() {
  // A decoded address may be private (a personal link from an e-mail): keep it out of caches.
  return { "Cache-Control": "no-store" };
}

function Problem({ message }: { message: string }) {
  const { i18n } = useLingui();
  const { title, description } = decodeProblem(message, i18n);
  return (
    <Alert tone="error" title={title}>
      {description}
    </Alert>
  );
}

function Outcome({ outcome }: { outcome: DecodeOutcome }) {
  if (!outcome.ok) return <Problem message={outcome.message} />;
  return <UrlResult result={outcome.result} CopyControl={CopyButtonMarkup} />;
}

/** What this decoding removed: only the names it found, so the heading never contradicts "No tracking parameters found". */
function RemovedParameters({ names }: { names: string[] }) {
  return (
    <section aria-labelledby="removed-heading" className="mt-8 text-sm text-slate-700">
      <h2 id="removed-heading" className="text-base font-semibold text-slate-900">
        <Trans>Parameters removed</Trans>
      </h2>
      <p data-names className="mt-2 font-mono">
        {names.join(", ")}
      </p>
    </section>
  );
}

export default function UrlDecoder({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { input, outcome } = loaderData;
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
      <form method="get" noValidate data-url-decoder className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <label htmlFor="url" className={labelClass}>
          <Trans>URL to decode</Trans>
        </label>
        <textarea
          id="url"
          name="url"
          rows={3}
          defaultValue={input}
          spellCheck={false}
          autoComplete="off"
          placeholder="https://eur01.safelinks.protection.outlook.com/?url=..."
          className={`${inputClass} mt-1 font-mono`}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={buttonClass.primary}>
            <Trans>Decode URL</Trans>
          </button>
          <a href="/tools/url-decoder" data-url-decoder-clear className={buttonClass.secondary}>
            <Trans>Clear</Trans>
          </a>
        </div>
      </form>
      <section aria-label={t`Result`} aria-live="polite" data-url-decoder-result className="mt-6">
        {outcome ? <Outcome outcome={outcome} /> : null}
      </section>
      <div data-url-decoder-removed>
        {outcome?.ok && outcome.result.removed.length ? <RemovedParameters names={outcome.result.removed} /> : null}
      </div>
      {/* What the page's script draws when it decodes in the browser. */}
      <UrlResultTemplate />
      <template data-url-removed>
        <RemovedParameters names={[]} />
      </template>
      {Object.values(URL_DECODER_MESSAGES).map((message) => (
        <template key={message} data-url-problem={message}>
          <Problem message={message} />
        </template>
      ))}
      <CopyTexts />
    </div>
  );
}
