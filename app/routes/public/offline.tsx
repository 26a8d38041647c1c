import { Trans } from "@lingui/react/macro";
import { Link } from "react-router";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { offlinePageTexts } from "~/.server/offline/texts";
import { buttonClass } from "~/components/ui/styles";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/offline";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: siteTitle(matches, loaderData?.texts.title ?? "") },
  { name: "robots", content: "noindex" },
];

/**
 * /offline: what the service worker shows for a page that is not on the device when there is no
 * connection (decision 0036). Fetched once, in the reader's language, when the worker installs.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { texts: offlinePageTexts(i18nFor(requestLanguage(request))) };
}

export default function OfflinePage({ loaderData }: Route.ComponentProps) {
  const { texts } = loaderData;
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-16 text-center" data-offline-page="">
      <h1 className="text-2xl font-semibold">{texts.title}</h1>
      <p className="text-slate-700">{texts.message}</p>
      <div className="flex flex-col items-center justify-center gap-3 sm:flex-row">
        <a href="/saved" className={buttonClass.primary}>
          {texts.savedLink}
        </a>
        <Link to="/" className={buttonClass.secondary}>
          <Trans>Go to the home page</Trans>
        </Link>
      </div>
    </div>
  );
}
