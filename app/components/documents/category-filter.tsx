import { useLingui } from "@lingui/react/macro";
import { LIBRARY_FILTERS } from "~/lib/categories";
import { categoryLabel } from "~/lib/category-names";
import type { FacetOption } from "~/lib/document-query";
import type { ListState } from "./list-state";

/**
 * The library's category buttons (public-portal section 2: All and every category, Update too),
 * each with its number of documents for the current words and facets. The counts ignore the
 * chosen category (listing.ts), so the other buttons say what choosing them would show. Links to
 * the list's other states (`data-list-links`): with JavaScript they change the list in place.
 */
export function CategoryFilter({ list, counts }: { list: ListState; counts: FacetOption[] }) {
  const { t, i18n } = useLingui();
  const chosen = list.query.category;
  const countOf = (category: string) => counts.find((o) => o.value === category)?.count ?? 0;
  const all = counts.reduce((sum, o) => sum + o.count, 0);
  const buttons = LIBRARY_FILTERS.map((name) => {
    const category = name === "All" ? null : name;
    return {
      name,
      label: categoryLabel(name, i18n),
      href: list.href({ category }),
      count: category ? countOf(category) : all,
      current: chosen === category,
    };
  });
  return (
    <nav aria-label={t`Filter by category`} className="mt-4" data-list-links>
      <ul className="flex flex-wrap gap-2">
        {buttons.map((b) => (
          <li key={b.name}>
            <a
              href={b.href}
              data-key={`category:${b.name}`}
              aria-current={b.current ? "true" : undefined}
              className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${
                b.current ? "border-brand-600 bg-brand-600 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-100"
              }`}
            >
              {b.label} <span className={`text-xs ${b.current ? "" : "text-slate-600"}`}>{b.count}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
