/**
 * The detail page's preview state in its address, so it works without JavaScript: `?preview=1`
 * renders the preview open on the server. The library's Preview button links there (a new visit,
 * counted); the no-JavaScript Show/Hide toggle adds `toggle=1`, because reloading the page to open
 * or close the preview is the same visit and must not count again.
 */
const PREVIEW = "preview";
const TOGGLE = "toggle";

/** Where the library's Preview button goes: the document, its preview open and in view. */
export function previewHref(documentId: string): string {
  return `/document/${encodeURIComponent(documentId)}?${PREVIEW}=1#preview`;
}

/** The no-JavaScript toggle's link on the detail page at `pathname`. */
export function previewToggleHref(pathname: string, open: boolean): string {
  return `${pathname}?${PREVIEW}=${open ? 1 : 0}&${TOGGLE}=1#preview`;
}

export interface PreviewRequest {
  /** The preview is open in the server render. */
  open: boolean;
  /** A reload by the toggle: the visit was already counted. */
  sameVisit: boolean;
}

export function readPreviewRequest(search: URLSearchParams): PreviewRequest {
  return { open: search.get(PREVIEW) === "1", sameVisit: search.get(TOGGLE) === "1" };
}
