import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { savedPageTexts } from "~/.server/offline/texts";
import { SavedList } from "~/components/offline/saved-list";
import { siteTitle } from "~/lib/site";
import type { Route } from "./+types/saved";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: siteTitle(matches, loaderData?.texts.title ?? "") },
  { name: "robots", content: "noindex" },
];

/** /saved: what this device keeps for offline reading (decision 0036); its texts come from the server catalogue. */
export function loader({ request }: Route.LoaderArgs) {
  return { texts: savedPageTexts(i18nFor(requestLanguage(request))) };
}

export default function SavedPage({ loaderData }: Route.ComponentProps) {
  const { texts } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      <h1 className="text-2xl font-semibold">{texts.title}</h1>
      <p className="text-slate-700">{texts.intro}</p>
      <SavedList texts={texts} />
    </div>
  );
}
