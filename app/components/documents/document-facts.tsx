import { useLingui } from "@lingui/react/macro";
import type { DocumentLanguage } from "~/lib/document-language";
import { documentLanguageName } from "~/lib/document-language-names";
import { formatLongDate, formatSizeMb } from "~/lib/format";
import { CategoryBadge } from "./document-card";

export interface DocumentFactsData {
  title: string;
  description: string | null;
  category: string;
  language: DocumentLanguage;
  partner: string | null;
  created_at: string;
  size: number | null;
  extension: string | null;
  view_count: number;
  download_count: number;
  sectors: string[];
  locations: string[];
  tags: string[];
}

/**
 * The detail page's heading and facts: the union of the spec's two variants
 * (category, title, description, partner, date, language, size, file type,
 * counts, sectors, locations, tags).
 */
export function DocumentFacts({ doc }: { doc: DocumentFactsData }) {
  const { t, i18n } = useLingui();
  // [what the fact is (its data-fact, the same in every language), its label, its value]
  const facts: [string, string, React.ReactNode][] = [
    [
      "Date",
      t`Date`,
      <time key="date" dateTime={doc.created_at}>
        {formatLongDate(doc.created_at, i18n)}
      </time>,
    ],
    ["Language", t`Language`, documentLanguageName(doc.language, i18n)],
    ["Size", t`Size`, formatSizeMb(doc.size, i18n)],
    ["File type", t`File type`, doc.extension ? doc.extension.toUpperCase() : t`None`],
    ["Views", t`Views`, doc.view_count.toLocaleString("en-US")],
    ["Downloads", t`Downloads`, doc.download_count.toLocaleString("en-US")],
  ];
  if (doc.partner) facts.unshift(["Partner", t`Partner`, doc.partner]);
  return (
    <>
      <CategoryBadge category={doc.category} />
      <h1 className="mt-3 break-words text-2xl font-bold leading-tight">{doc.title}</h1>
      {doc.description ? <p className="mt-3 whitespace-pre-line text-slate-700">{doc.description}</p> : null}
      <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
        {facts.map(([fact, label, value]) => (
          <div key={fact}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900" data-fact={fact}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <ChipList label={t`Sectors`} items={doc.sectors} />
      <ChipList label={t`Locations`} items={doc.locations} />
      <ChipList label={t`Tags`} items={doc.tags} />
    </>
  );
}

function ChipList({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="mt-4">
      <h2 className="text-sm text-slate-600">{label}</h2>
      <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={label}>
        {items.map((item) => (
          <li key={item} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-800">
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}
