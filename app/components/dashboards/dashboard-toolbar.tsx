import { LayoutGrid, List, RefreshCw, X } from "lucide-react";
import { Link, useRevalidator } from "react-router";
import { type DashboardQuery, type DashboardView, dashboardsHref, filterChips } from "~/lib/dashboards";
import { buttonClass } from "../ui/styles";

/** Each chip is a link to the same page without that filter, so removing one needs no JavaScript. */
export function FilterChips({ query }: { query: DashboardQuery }) {
  const chips = filterChips(query);
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link
            to={chip.href}
            preventScrollReset
            aria-label={`Remove filter ${chip.label}`}
            className="inline-flex items-center gap-1 rounded-full border border-brand-600 bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-800 hover:bg-brand-100"
          >
            {chip.label}
            <X aria-hidden className="h-3.5 w-3.5" />
          </Link>
        </li>
      ))}
      {chips.length > 1 ? (
        <li>
          <Link
            to={dashboardsHref(query, { q: "", provider: "", category: null })}
            preventScrollReset
            className="text-sm text-brand-700 underline hover:text-brand-800"
          >
            Clear all filters
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

const VIEWS: { view: DashboardView; label: string; Icon: typeof LayoutGrid }[] = [
  { view: "grid", label: "Grid view", Icon: LayoutGrid },
  { view: "list", label: "List view", Icon: List },
];

/** Grid or list, as links that keep every other part of the query. */
export function ViewToggle({ query }: { query: DashboardQuery }) {
  return (
    <div role="group" aria-label="Layout" className="inline-flex overflow-hidden rounded-md border border-slate-300 bg-white">
      {VIEWS.map(({ view, label, Icon }) => {
        const active = query.view === view;
        return (
          <Link
            key={view}
            to={dashboardsHref(query, { view })}
            preventScrollReset
            aria-label={label}
            aria-current={active ? "true" : undefined}
            title={label}
            className={`inline-flex items-center p-2 ${active ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            <Icon aria-hidden className="h-4 w-4" />
          </Link>
        );
      })}
    </div>
  );
}

/** A link to the same URL (a reload without JavaScript); with JavaScript it re-runs the loader in place. */
export function RefreshButton({ href }: { href: string }) {
  const revalidator = useRevalidator();
  const busy = revalidator.state === "loading";
  return (
    <a
      href={href}
      className={buttonClass.secondary}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void revalidator.revalidate();
      }}
    >
      <RefreshCw aria-hidden className={`h-4 w-4 ${busy ? "animate-spin motion-reduce:animate-none" : ""}`} />
      Refresh
    </a>
  );
}
