/**
 * Moves the page's module preloads from the head to after its content (decision 0028).
 *
 * React Router's <Scripts>, at the end of the body, writes a `<link rel="modulepreload">` for the
 * entry and every chunk of the matched routes; React 19 hoists every such link into the head. On a
 * thin link the browser then asks for some thirty modules before it has the body, and they share
 * the link with it: the text arrived a second later than without them. This rewrite of the page
 * takes the links out of the head and writes them just before the body's first script
 * (ScrollRestoration's, then <Scripts>', both after the content): the browser still fetches every
 * module in one wave, without waiting for each import, but only once the content has arrived.
 *
 * The links keep their attributes (the nonce among them). React finds them there when it hydrates:
 * it looks for a hoisted link in the whole document, and passes over elements it did not expect
 * among the body's children.
 */

const PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const PRELOAD_MARK = 'rel="modulepreload"';
const HEAD_END = "</head>";
const SCRIPT = "<script";

/**
 * The page with its head's module preloads, and then `more` (the reader's catalogue:
 * i18n/catalogue-preloads.ts), just before the first script after the head (at the end when there
 * is none), as the bytes of the answer. A page without a head is left as it is.
 *
 * The pieces are encoded one by one into the answer's buffer rather than joined into a new string
 * first: joined, the 160 KB of a list page were copied and encoded once more (about 1 ms a page).
 * A page with nothing to move (a public page: no preloads, no catalogue) is encoded as it is,
 * without running the expression over its head and its inline stylesheet.
 */
export function scriptsAfterContent(page: string, more = ""): Buffer<ArrayBuffer> {
  const end = page.indexOf(HEAD_END);
  if (end === -1) return Buffer.from(page);
  const hasPreloads = page.lastIndexOf(PRELOAD_MARK, end) !== -1;
  if (!hasPreloads && more === "") return Buffer.from(page);
  const head = page.slice(0, end);
  const links = hasPreloads ? head.match(PRELOAD) : null;
  const at = page.indexOf(SCRIPT, end);
  const cut = at === -1 ? page.length : at;
  const pieces = [links ? head.replace(PRELOAD, "") : head, page.slice(end, cut), links ? links.join("") : "", more, page.slice(cut)];
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const piece of pieces) offset += bytes.write(piece, offset);
  return bytes;
}
