/**
 * Moves the page's module preloads from the head to after its content (decision 0028).
 *
 * React Router's <Scripts>, at the end of the body, writes a `<link rel="modulepreload">` for the
 * entry and every chunk of the matched routes; React 19 hoists every such link into the head. On a
 * thin link the browser then asks for some thirty modules before it has the body, and they share
 * the link with it: the text arrived a second later than without them. This rewrite of the HTML
 * stream takes the links out of the head and writes them just before the body's first script
 * (ScrollRestoration's, then <Scripts>', both after the content): the browser still fetches every
 * module in one wave, without waiting for each import, but only once the content has arrived.
 *
 * The links keep their attributes (the nonce among them). React finds them there when it hydrates:
 * it looks for a hoisted link in the whole document, and passes over elements it did not expect
 * among the body's children.
 */

import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HEAD_END = "</head>";
const SCRIPT = "<script";

/**
 * `more`: preload links to write with the moved ones (the reader's catalogue: i18n/catalogue-preloads.ts).
 */
export function scriptsAfterContent(more = ""): Transform {
  const decoder = new StringDecoder("utf8");
  /** Text not yet written: the head until it ends, then a possible piece of "<script" at a chunk's end. */
  let held = "";
  let stage: "head" | "body" | "done" = "head";
  let preloads = "";

  const pass = (text: string): string => {
    held += text;
    if (stage === "head") {
      const end = held.indexOf(HEAD_END);
      if (end === -1) return "";
      const head = held.slice(0, end);
      preloads = (head.match(PRELOAD) ?? []).join("") + more;
      const out = head.replace(PRELOAD, "");
      held = held.slice(end);
      stage = "body";
      return out + pass("");
    }
    if (stage === "body") {
      const at = held.indexOf(SCRIPT);
      if (at !== -1) {
        const out = held.slice(0, at) + preloads + held.slice(at);
        held = "";
        stage = "done";
        return out;
      }
      // Keep what could be the start of "<script" cut by the chunk's end.
      const keep = Math.min(held.length, SCRIPT.length - 1);
      const out = held.slice(0, held.length - keep);
      held = held.slice(held.length - keep);
      return out;
    }
    const out = held;
    held = "";
    return out;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const out = pass(decoder.write(chunk));
      callback(null, out ? Buffer.from(out) : undefined);
    },
    flush(callback: TransformCallback) {
      // A page without a script (none expected) still gets its text, and the links at the end.
      const rest = pass(decoder.end()) + held + (stage === "done" ? "" : preloads);
      callback(null, rest ? Buffer.from(rest) : undefined);
    },
  });
}
