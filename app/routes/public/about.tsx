import { BarChart3, Download, Eye, Search, Share2 } from "lucide-react";
import { Link } from "react-router";
import { ABOUT_TABS } from "~/components/home/about-content";
import { SITE_LONG_NAME, siteTitle } from "~/lib/site";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: siteTitle(matches, "About") },
  { name: "description", content: "What the CCCM Cluster Somalia does and how to use its information portal." },
];

const HOW_TO = [
  {
    Icon: Search,
    title: "Find",
    text: "Search reports, guidelines, standards and the document library by title, description or tag. The search address can be bookmarked and shared.",
  },
  {
    Icon: Eye,
    title: "Preview",
    text: "Open a document to read its details and preview PDFs, images, text, audio and video before downloading.",
  },
  {
    Icon: Download,
    title: "Download",
    text: "Downloads resume where they stopped if your connection drops; file names say what the document is.",
  },
  {
    Icon: Share2,
    title: "Share",
    text: "Copy a document's link or send it by e-mail, WhatsApp or social media. Shared links open without an account.",
  },
  {
    Icon: BarChart3,
    title: "Dashboards",
    text: "Open the cluster's interactive dashboards. They load only when you ask, to save data on slow connections.",
  },
];

export default function About() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">About</h1>
      <p className="mt-2 text-lg text-slate-700">{SITE_LONG_NAME}</p>
      <div className="mt-8 space-y-8">
        {ABOUT_TABS.map((t) => (
          <section key={t.id} aria-labelledby={`about-${t.id}`}>
            <h2 id={`about-${t.id}`} className="text-xl font-semibold">
              {t.label}
            </h2>
            <div className="mt-3">{t.content}</div>
          </section>
        ))}
        <section aria-labelledby="how-to-use">
          <h2 id="how-to-use" className="text-xl font-semibold">
            How to Use
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {HOW_TO.map(({ Icon, title, text }) => (
              <li key={title} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="flex items-center gap-2 font-semibold">
                  <Icon aria-hidden className="h-5 w-5 text-brand-700" />
                  {title}
                </p>
                <p className="mt-2 text-sm text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-slate-700">
            Staff of the cluster sign in through the{" "}
            <Link to="/admin" className="font-medium text-brand-700 hover:underline">
              Admin Portal
            </Link>{" "}
            to publish and manage content.
          </p>
        </section>
        {/* Every list is reachable from here, the standards list too (issue 9). */}
        <nav aria-label="Document lists" className="text-slate-700">
          Browse the <ListLink to="/reports">reports</ListLink>, <ListLink to="/guidelines">guidelines</ListLink>,{" "}
          <ListLink to="/standards">standards</ListLink> or <ListLink to="/documents">the whole document library</ListLink>.
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
