import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { app } from "~/.server/context";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { readAboutText } from "~/.server/settings/about.service";
import { aboutTextsIn } from "~/.server/settings/about-defaults";
import { AboutTextView } from "~/components/about/about-text-view";
import { documentsTab } from "~/components/home/about-content";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { SITE_LONG_NAME, siteTitle } from "~/lib/site";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => {
  const i18n = pageI18n();
  return [
    { title: siteTitle(matches, i18n._(msg`About`)) },
    { name: "description", content: i18n._(msg`What the CCCM Cluster Somalia does and how to use its information portal.`) },
  ];
};

/**
 * The text of Overview, Key Tasks and How to Use is edited by admins on the Settings screen; the
 * default one is sent in the reader's language.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return { about: aboutTextsIn(await readAboutText(app()), i18nFor(requestLanguage(request))) };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { about } = loaderData;
  const { t } = useLingui();
  const sections = [
    { id: "overview", label: t`Overview`, content: <AboutTextView text={about.overview} /> },
    { id: "tasks", label: t`Key Tasks`, content: <AboutTextView text={about.keyTasks} /> },
    documentsTab(t),
  ];
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">
        <Trans>About</Trans>
      </h1>
      <p className="mt-2 text-lg text-slate-700">{t(SITE_LONG_NAME)}</p>
      <div className="mt-8 space-y-8">
        {sections.map((section) => (
          <section key={section.id} aria-labelledby={`about-${section.id}`}>
            <h2 id={`about-${section.id}`} className="text-xl font-semibold">
              {section.label}
            </h2>
            <div className="mt-3">{section.content}</div>
          </section>
        ))}
        <section aria-labelledby="how-to-use">
          <h2 id="how-to-use" className="text-xl font-semibold">
            <Trans>How to Use</Trans>
          </h2>
          <div className="mt-4">
            <AboutTextView text={about.howToUse} variant="cards" />
          </div>
          <p className="mt-6 text-sm text-slate-700">
            <Trans>
              Staff of the cluster sign in through the{" "}
              <Link to="/admin" className="font-medium text-brand-700 hover:underline">
                Admin Portal
              </Link>{" "}
              to publish and manage content.
            </Trans>
          </p>
        </section>
        {/* Every list is reachable from here, the standards list too (issue 9). */}
        <nav aria-label={t`Document lists`} className="text-slate-700">
          <Trans>
            Browse the <ListLink to="/reports">reports</ListLink>, <ListLink to="/guidelines">guidelines</ListLink>,{" "}
            <ListLink to="/standards">standards</ListLink> or <ListLink to="/documents">the whole document library</ListLink>.
          </Trans>
        </nav>
      </div>
    </div>
  );
}

function ListLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="font-medium text-brand-700 underline hover:text-brand-800">
      {children}
    </Link>
  );
}
