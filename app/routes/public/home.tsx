import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowRight } from "lucide";
import { Link } from "react-router";
import { app } from "~/.server/context";
import { listPublicDashboards } from "~/.server/dashboards/dashboards.service";
import { latestPublished, publishedCounts } from "~/.server/documents/documents.service";
import { feedLinks } from "~/.server/feeds/feed-links";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { readAboutText } from "~/.server/settings/about.service";
import { aboutTextsIn } from "~/.server/settings/about-defaults";
import { publicContacts } from "~/.server/site/site.service";
import { CategoryBadge, TagList } from "~/components/documents/document-card";
import { aboutTabs } from "~/components/home/about-content";
import { CategoryCards } from "~/components/home/category-cards";
import { ContactList } from "~/components/layout/public-footer";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass } from "~/components/ui/styles";
import { Tabs } from "~/components/ui/tabs";
import { EMPTY_FILTERS } from "~/lib/document-query";
import { feedMeta } from "~/lib/feeds";
import { formatLongDate } from "~/lib/format";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { contactsText, SITE_LONG_NAME, siteTitle } from "~/lib/site";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const i18n = pageI18n();
  return [
    { title: siteTitle(matches, i18n._(msg`Information Portal`)) },
    {
      name: "description",
      content: i18n._(msg`Reports, guidance and dashboards of the Camp Coordination and Camp Management cluster in Somalia.`),
    },
    // The latest publications as feeds (decision 0034): every published document, newest first.
    ...feedMeta(data?.feeds),
  ];
};

const LATEST_PUBLICATIONS = 6;

export async function loader({ request }: Route.LoaderArgs) {
  const ctx = app();
  const [latest, counts, contacts, dashboards, about] = await Promise.all([
    latestPublished(ctx, LATEST_PUBLICATIONS),
    publishedCounts(ctx),
    publicContacts(ctx),
    listPublicDashboards(ctx),
    readAboutText(ctx),
  ]);
  const i18n = i18nFor(requestLanguage(request));
  return {
    latest,
    feeds: feedLinks(request, EMPTY_FILTERS),
    // In the reader's language, as the footer's (routes/public/layout.tsx).
    contacts: contactsText(contacts, i18n),
    about: aboutTextsIn(about, i18n),
    counts: {
      reports: counts.byCategory.Report ?? 0,
      guidelines: counts.byCategory.Guideline ?? 0,
      // Standards are the Policy category (ARCHITECTURE.md section 4).
      standards: counts.byCategory.Policy ?? 0,
      dashboards: dashboards.length,
      documents: counts.total,
    },
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { t } = useLingui();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:py-16">
          <h1 className="max-w-3xl text-3xl font-bold sm:text-4xl">{t(SITE_LONG_NAME)}</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            <Trans>Reports, guidance, standards and dashboards for humanitarian responders working with displaced communities.</Trans>
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/documents" className="rounded-md bg-white px-5 py-2.5 font-medium text-brand-800 hover:bg-brand-50">
              <Trans>Browse Documents</Trans>
            </Link>
            <Link to="/dashboards" className="rounded-md border border-white/70 px-5 py-2.5 font-medium text-white hover:bg-white/10">
              <Trans>View Dashboards</Trans>
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 pt-10" aria-label={t`Browse by category`}>
        <CategoryCards counts={loaderData.counts} />
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12" aria-labelledby="latest-heading">
        <div className="flex items-center justify-between">
          <h2 id="latest-heading" className="text-2xl font-bold">
            <Trans>Latest Publications</Trans>
          </h2>
          <Link to="/documents" className={buttonClass.ghost}>
            <Trans>View all</Trans> <LineIcon name="arrow-right" icon={ArrowRight} className="h-4 w-4" />
          </Link>
        </div>
        {loaderData.latest.length === 0 ? (
          <p className="mt-6 text-slate-600">
            <Trans>Documents will appear here once they are published by administrators.</Trans>
          </p>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {loaderData.latest.map((doc) => (
              <li key={doc.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <div className="flex items-center justify-between text-xs text-slate-600">
                  <CategoryBadge category={doc.category} />
                  <time dateTime={doc.created_at}>{formatLongDate(doc.created_at, i18n)}</time>
                </div>
                <h3 className="mt-2 font-semibold">
                  <Link to={`/document/${doc.id}`} className="hover:text-brand-700 hover:underline">
                    {doc.title}
                  </Link>
                </h3>
                <div className="mt-2">
                  <TagList tags={doc.tags} max={2} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="border-t border-slate-200 bg-white" aria-labelledby="about-heading">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-3">
          {/* min-w-0: a grid item is as wide as its widest line by default; the tabs scroll instead (longer Somali labels). */}
          <div className="min-w-0 lg:col-span-2">
            <h2 id="about-heading" className="text-2xl font-bold">
              <Trans>About the Cluster</Trans>
            </h2>
            <div className="mt-4">
              <Tabs tabs={aboutTabs(loaderData.about, t)} label={t`About the cluster`} />
            </div>
          </div>
          <section aria-labelledby="contact-heading" className="min-w-0">
            <h2 id="contact-heading" className="text-2xl font-bold">
              <Trans>Contact Us</Trans>
            </h2>
            <div className="mt-4">
              <ContactList contacts={loaderData.contacts} />
            </div>
          </section>
        </div>
      </section>
    </>
  );
}
