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
