import { Trans } from "@lingui/react/macro";
import { LoaderCircle } from "lucide";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";
import type { ResultPage } from "~/lib/document-query";
import { Pager } from "../ui/pager";
import { buttonClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";
import type { ListState } from "./list-state";

/**
 * Paging a public list. Without JavaScript: Previous / Next links, each page its own address.
 * With JavaScript, "Load more" also goes to the next page's address, replacing the current history
 * entry, and marks that navigation as appending: the page's items are added below those already
 * shown instead of replacing them. So the address always names the last page shown (a shared link
 * or a reload opens that page), and the loader, the 60 s refresh and live updates all keep working
 * on the address as they do for any page.
 *
 * A refresh reloads only the page the address names, the last one: its items are replaced in
 * place and the pages above it stay as they were loaded (re-reading every appended page each
 * minute would cost a slow connection far more than it tells the reader). Any other change of
 * address (a filter, the sort, a Previous/Next link, a new search) starts again from that page.
 *
 * Back from a document opened from the list shows every page that was shown, at the same place:
 * the pages above the last are kept for that history entry in the tab's session storage (the
 * loader, as on any navigation, reads the last one fresh), so the list is as long as before when
 * the scroll position is restored. A reload or a shared link opens the page the address names.
 */

const APPEND = { appendPage: true } as const;

function isAppending(state: unknown): boolean {
  return typeof state === "object" && state !== null && "appendPage" in state;
}

/** What the list's loader answered, as far as paging goes. */
interface Paged<T> {
  page: ResultPage<T>;
}

interface Loaded<T> {
  /** The list's state without its page: pages of another state are never mixed. */
  key: string;
  data: Paged<T>;
  pages: Array<{ page: number; items: T[] }>;
}

function start<T>(key: string, data: Paged<T>): Loaded<T> {
  return { key, data, pages: [{ page: data.page.page, items: data.page.items }] };
}

export interface LoadedPages<T> {
  /** Every item shown, in order, each once (a document that moved between pages shows where it was first seen). */
  items: T[];
  first: number;
  last: number;
}

/** Session storage: per history entry of a list, the pages "Load more" added above its last. */
const KEPT_PAGES = "cccm:list-pages";
/** History entries remembered: Back is taken a few steps at most. */
const KEPT_ENTRIES = 5;

interface KeptPages {
  entry: string;
  key: string;
  pages: Array<{ page: number; items: unknown[] }>;
}

function readKept(): KeptPages[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEPT_PAGES) ?? "[]");
    return Array.isArray(value) ? (value as KeptPages[]) : [];
  } catch {
    return []; // storage refused (privacy settings) or unreadable: nothing kept
  }
}

/** Keeps the pages above the last for history entry `entry` (the newest entries only). */
function keepPages(entry: string, key: string, pages: Loaded<unknown>["pages"]): void {
  const all = readKept();
  const kept = all.filter((k) => k.entry !== entry);
  // One page and nothing kept for this entry (most lists, and every refresh of one): nothing to write.
  if (pages.length <= 1 && kept.length === all.length) return;
  if (pages.length > 1) kept.push({ entry, key, pages: pages.slice(0, -1) });
  try {
    sessionStorage.setItem(KEPT_PAGES, JSON.stringify(kept.slice(-KEPT_ENTRIES)));
  } catch {
    // Full or refused: Back shows the last page only, as a reload does.
  }
}

/** The loaded pages of history entry `entry`, if they were kept for this list and end just above `data`'s page. */
function restore<T>(entry: string, key: string, data: Paged<T>): Loaded<T> | null {
  const kept = readKept().find((k) => k.entry === entry && k.key === key);
  const above = kept?.pages.at(-1)?.page;
  if (!kept || above !== data.page.page - 1) return null;
  return { key, data, pages: [...(kept.pages as Loaded<T>["pages"]), { page: data.page.page, items: data.page.items }] };
}

/** The items of the pages shown: the one the address names, after those "Load more" added above it. */
export function useLoadedPages<T extends { id: string }>(data: Paged<T>, list: ListState): LoadedPages<T> {
  const location = useLocation();
  const key = list.href({ page: 1 });
  // Not while hydrating: the server rendered the address's page alone.
  const hydrated = useHydrated();
  const [loaded, setLoaded] = useState(() => (hydrated ? restore(location.key, key, data) : null) ?? start(key, data));
  useEffect(() => keepPages(location.key, loaded.key, loaded.pages), [location.key, loaded]);
  if (loaded.data !== data) {
    const last = loaded.pages.at(-1)!.page;
    const page = data.page.page;
    if (loaded.key === key && page === last) {
      // The same page again (a refresh): its items are replaced where they are.
      setLoaded({ key, data, pages: [...loaded.pages.slice(0, -1), { page, items: data.page.items }] });
    } else if (loaded.key === key && page === last + 1 && isAppending(location.state)) {
      setLoaded({ key, data, pages: [...loaded.pages, { page, items: data.page.items }] });
    } else {
      setLoaded(start(key, data));
    }
  }
  const seen = new Set<string>();
  const items = loaded.pages.flatMap((p) => p.items).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  return { items, first: loaded.pages[0]!.page, last: loaded.pages.at(-1)!.page };
}

/** "Load more" (with JavaScript) and the Previous / Next links, below a list's items. */
export function ListPaging({
  list,
  data,
  pages,
  label,
  listId,
}: {
  list: ListState;
  data: Paged<unknown>;
  pages: LoadedPages<unknown>;
  /** The id of the <ul> of items: the first appended item takes the focus from "Load more". */
  listId: string;
  /** The pager's accessible name ("Pages of reports"). */
  label: string;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  const more = pages.last < data.page.pageCount;
  // Where the appended items begin, while a "Load more" is under way.
  const focusFrom = useRef<number | null>(null);
  const shown = pages.items.length;
  const total = data.page.total;
  useEffect(() => {
    if (busy) return;
    const from = focusFrom.current;
    focusFrom.current = null;
    if (from !== null && shown > from) document.getElementById(listId)?.children[from]?.querySelector("a")?.focus();
  }, [busy, shown, listId]);
  return (
    <>
      {hydrated && data.page.pageCount > 1 ? (
        <div className="mt-6 flex flex-col items-center gap-2">
          {more ? (
            <button
              type="button"
              className={buttonClass.secondary}
              // Not `disabled`: that would drop the keyboard focus while the next page loads.
              aria-disabled={busy || undefined}
              onClick={() => {
                if (busy) return;
                focusFrom.current = shown;
                void navigate(list.href({ page: pages.last + 1 }), { replace: true, preventScrollReset: true, state: APPEND });
              }}
            >
              {busy ? (
                <LineIcon name="loader-circle" icon={LoaderCircle} className="h-4 w-4 animate-spin motion-reduce:animate-none" />
              ) : null}
              <Trans>Load more</Trans>
            </button>
          ) : null}
          <p aria-live="polite" className="text-sm text-slate-600">
            <Trans>
              Showing {shown} of {total}
            </Trans>
          </p>
        </div>
      ) : null}
      <Pager label={label} page={pages.last} first={pages.first} pageCount={data.page.pageCount} hrefFor={(page) => list.href({ page })} />
    </>
  );
}
