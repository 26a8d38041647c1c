import { Trans, useLingui } from "@lingui/react/macro";
import { X } from "lucide";
import { Link } from "react-router";
import { LineIcon } from "./line-icon";

export interface Chip {
  key: string;
  label: string;
  /** The same page without this one value. */
  href: string;
}

/**
 * The filters in force as removable chips (dashboards, document lists). Each chip is a link to the
 * same page without that value, so removing one needs no JavaScript; with more than one, a last
 * link clears them all.
 */
export function FilterChips({ chips, clearHref }: { chips: Chip[]; clearHref: string }) {
  const { t } = useLingui();
  if (chips.length === 0) return null;
  return (
    <ul aria-label={t`Active filters`} className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => {
        const label = chip.label;
        return (
          <li key={chip.key} className="min-w-0 max-w-full">
            {/* The page's own route, already loaded: nothing for route discovery to fetch. */}
            <Link
              to={chip.href}
              preventScrollReset
              discover="none"
              aria-label={t`Remove filter ${label}`}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-600 bg-brand-50 py-1 pl-3 pr-2 text-sm text-brand-800 hover:bg-brand-100"
            >
              <span className="min-w-0 wrap-anywhere">{chip.label}</span>
              <LineIcon name="x" icon={X} className="h-3.5 w-3.5 shrink-0" />
            </Link>
          </li>
        );
      })}
      {chips.length > 1 ? (
        <li>
          <Link to={clearHref} preventScrollReset discover="none" className="text-sm text-brand-700 underline hover:text-brand-800">
            <Trans>Clear all filters</Trans>
          </Link>
        </li>
      ) : null}
    </ul>
  );
}
