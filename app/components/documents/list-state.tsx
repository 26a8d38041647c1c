import { useLingui } from "@lingui/react/macro";
import { PageTexts } from "~/components/layout/page-texts";
import { CARD_PER, type DocumentListQuery, listHref } from "~/lib/document-query";

/**
 * A public document list as its controls see it: where it lives, the state its address asked for,
 * and the address of any other state (document-query.ts writes it, so links, forms and "Load more"
 * agree). Changing anything but the page goes back to page 1.
 */
export interface ListState {
  path: string;
  query: DocumentListQuery;
  href: (change: Partial<DocumentListQuery>) => string;
}

export function listState(path: string, query: DocumentListQuery): ListState {
  return { path, query, href: (change) => listHref(path, query, change, CARD_PER) };
}

/**
 * What stands for a value the browser fills in, in an address the server wrote for it (the search
 * box's words: list-search-form.tsx). Braces, which no list's address holds otherwise.
 */
export const Q_PLACEHOLDER = "{q}";

/**
 * The rest of the list's state as hidden fields of a GET form that asks for `own` (the search box
 * asks for `q`, the sort form for `sort`), so submitting it without JavaScript keeps every other
 * filter. The fields are read back from the list's own address, the one writer of its state.
 */
export function HiddenListState({ list, own }: { list: ListState; own: readonly string[] }) {
  const params = new URL(list.href({}), "http://list.invalid").searchParams;
  const fields = [...params].filter(([name]) => !own.includes(name));
  return (
    <>
      {fields.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * The texts the list's enhancements show (app/enhance/list-view.ts; decision 0038), in the reader's
 * language: the loading line, a failed load's toast, and the lines "Load more" recounts. The
 * counts' messages are the pages' own, given `{shown}`, `{first}`, ... to fill in.
 */
export function ListTexts({ error }: { error: string }) {
  const { t } = useLingui();
  const [shown, total, first, page, pageCount] = ["{shown}", "{total}", "{first}", "{page}", "{pageCount}"];
  return (
    <PageTexts
      name="list"
      texts={{
        loading: t`Loading documents...`,
        errorTitle: t`Error`,
        error,
        showing: t`Showing ${shown} of ${total}`,
        pages: t`Pages ${first}–${page} of ${pageCount}`,
      }}
    />
  );
}
