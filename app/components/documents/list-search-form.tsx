import { Trans } from "@lingui/react/macro";
import { Rss, Search } from "lucide";
import { Form } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";
import { buttonClass, inputClass } from "../ui/styles";
import { HiddenListState, type ListState } from "./list-state";
import { useLiveSearch } from "./use-live-search";

/**
 * A list's search box: a GET form that keeps the list's other filters and its sort (works without
 * JavaScript, shareable address); with JavaScript the server is asked again once typing pauses.
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
  const search = useLiveSearch(list.query.q, (q) => list.href({ q }));
  return (
    <Form method="get" action={list.path} role="search" className="mt-6 flex gap-2" onSubmit={search.onSubmit}>
      <HiddenListState list={list} own={["q", "page"]} />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <LineIcon name="search" icon={Search} className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-slate-500" />
        <input
          id={id}
          name="q"
          type="search"
          value={search.query}
          onChange={(event) => search.onChange(event.target.value)}
          placeholder={placeholder}
          className={`${inputClass} pl-9`}
        />
      </div>
      <button type="submit" className={buttonClass.primary}>
        <Trans>Search</Trans>
      </button>
      <a href={feed} type="application/atom+xml" rel="alternate" className={`${buttonClass.secondary} shrink-0`}>
        <LineIcon name="rss" icon={Rss} className="h-4 w-4" />
        <span className="sr-only sm:not-sr-only">
          <Trans>Follow</Trans>
        </span>
      </a>
    </Form>
  );
}
