import { Plural, useLingui } from "@lingui/react/macro";
import { BookOpen, ChartColumn, FileCheck, FileText, Folder, Info } from "lucide";
import { Link } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";

export interface CategoryCounts {
  reports: number;
  guidelines: number;
  standards: number;
  dashboards: number;
  documents: number;
}

/**
 * The category cards; a count shows only when above zero (public-portal section 2). The spec names
 * five; Standards is added so the standards list is reachable from the home page like the others.
 */
export function CategoryCards({ counts }: { counts: CategoryCounts }) {
  const { t } = useLingui();
  const cards = [
    {
      title: t`About`,
      text: t`Our mission, key tasks and how to use the portal`,
      to: "/about",
      icon: { name: "info", icon: Info },
      count: null,
    },
    {
      title: t`Reports`,
      text: t`Situation reports, assessments and monitoring`,
      to: "/reports",
      icon: { name: "file-text", icon: FileText },
      count: counts.reports,
    },
    {
      title: t`Guidelines`,
      text: t`Guidance notes, procedures and tools`,
      to: "/guidelines",
      icon: { name: "book-open", icon: BookOpen },
      count: counts.guidelines,
    },
    {
      title: t`Standards`,
      text: t`Standards, strategy and terms of reference`,
      to: "/standards",
      icon: { name: "file-check", icon: FileCheck },
      count: counts.standards,
    },
    {
      title: t`Dashboards`,
      text: t`Interactive data on sites and displacement`,
      to: "/dashboards",
      icon: { name: "chart-column", icon: ChartColumn },
      count: counts.dashboards,
    },
    {
      title: t`Documents`,
      text: t`The full library of published documents`,
      to: "/documents",
      icon: { name: "folder", icon: Folder },
      count: counts.documents,
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
      {cards.map(({ title, text, to, icon, count }) => (
        <li key={to}>
          <Link
            to={to}
            className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 hover:shadow"
          >
            <span className="flex items-center justify-between">
              <span className="rounded-md bg-brand-50 p-2 text-brand-700">
                <LineIcon {...icon} className="h-5 w-5" />
              </span>
              {count ? (
                <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
                  {count}
                  <span className="sr-only">
                    {" "}
                    <Plural value={count} one="item" other="items" />
                  </span>
                </span>
              ) : null}
            </span>
            <span className="mt-3 font-semibold">{title}</span>
            <span className="mt-1 text-sm text-slate-600">{text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
