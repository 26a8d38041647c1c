import { Trans } from "@lingui/react/macro";
import { Rss, Search } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass, inputClass } from "../ui/styles";
import { HiddenListState, type ListState, Q_PLACEHOLDER } from "./list-state";

/**
 * A list's search box: a GET form that keeps the list's other filters and its sort (works without
 * JavaScript, shareable address). With JavaScript (app/enhance/live-search.ts) the server is asked
 * again once typing pauses: its `search-state` region says which words the list shows and the
 * address of the list for other words (`data-href`, the words standing in as Q_PLACEHOLDER;
 * `data-href-empty` without words), so the address is the one lib/document-query.ts writes.
 * Beside it, "Follow": a plain link to the Atom feed of the list's current state (`feed`,
 * lib/feeds.ts; decision 0034). On a narrow screen only its icon shows; its name stays.
 */
export function ListSearchForm({
  list,
  id,
  label,
  placeholder,
  feed,
}: {
  list: ListState;
  id: string;
  label: string;
  placeholder: string;
  feed: string;
}) {
  return (
    <form method="get" action={list.path} role="search" className="mt-6 flex gap-2" data-live-search>
      {/* The list's state, replaced with the list's other regions when it changes in place. */}
      <div
        hidden
        data-list-region="search-state"
        data-q={list.query.q}
        data-href={list.href({ q: Q_PLACEHOLDER })}
        data-href-empty={list.href({ q: "" })}
      >
        <HiddenListState list={list} own={["q", "page"]} />
      </div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <LineIcon name="search" icon={Search} className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500" />
        <input id={id} name="q" type="search" defaultValue={list.query.q} placeholder={placeholder} className={`${inputClass} pl-9`} />
      </div>
      <button type="submit" className={buttonClass.primary}>
        <Trans>Search</Trans>
      </button>
      <a href={feed} type="application/atom+xml" rel="alternate" data-list-region="feed" className={`${buttonClass.secondary} shrink-0`}>
        <LineIcon name="rss" icon={Rss} className="h-4 w-4" />
        <span className="sr-only sm:not-sr-only">
          <Trans>Follow</Trans>
        </span>
      </a>
    </form>
  );
}
