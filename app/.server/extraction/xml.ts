/**
 * Just enough XML for the text of Office files: entities, attributes, and a scanner that finds
 * small elements in a large document as it streams out of the zip, so a sheet of a million cells
 * is never held as one string. Office XML is machine-written; a full parser (and its DOM's
 * memory) would buy nothing here.
 */

import { StringDecoder } from "node:string_decoder";

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Decodes the five named entities and numeric character references; a reference to no character becomes U+FFFD. */
export function decodeXmlEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(?:#[xX]([0-9a-fA-F]{1,8})|#([0-9]{1,10})|(amp|lt|gt|quot|apos));/g, (_, hex, dec, name) => {
    if (name) return NAMED[name]!;
    const code = hex ? Number.parseInt(hex, 16) : Number(dec);
    const valid = code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : "\ufffd";
  });
}

/** An element's attributes (the text between its name and `>`), values decoded; prefixes kept (`r:id`). */
export function xmlAttributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]!] = decodeXmlEntities(m[2] ?? m[3] ?? "");
  return out;
}

/** The decoded text of every `<tag>` or `<tag attr…>` element (not `<tagOther>`) inside a fragment. */
export function textsOf(fragment: string, tag: string): string[] {
  const re = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`, "g");
  return Array.from(fragment.matchAll(re), (m) => decodeXmlEntities(m[1]!));
}

export type ScanOutcome = {
  /** The handler asked to stop before the end. */
  stopped: boolean;
  /** An unfinished element grew past the carry limit and was dropped (hostile or broken XML). */
  dropped: boolean;
};

/**
 * Runs a global `pattern` over XML arriving in chunks and calls `onMatch` for each match, in
 * order; `onMatch` returns false to stop reading. Between chunks only the text after the last
 * match is carried over (an element cut in two completes with the next chunk), at most
 * `maxCarry` characters: an element that long is not one of the small ones looked for.
 */
export async function scanXml(
  chunks: AsyncIterable<Uint8Array>,
  pattern: RegExp,
  onMatch: (match: RegExpExecArray) => boolean | undefined,
  maxCarry = 1024 * 1024,
): Promise<ScanOutcome> {
  if (!pattern.global) throw new Error("scanXml needs a global pattern");
  const decoder = new StringDecoder("utf8");
  let carry = "";
  let dropped = false;
  const run = (text: string): boolean => {
    pattern.lastIndex = 0;
    let end = 0;
    for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
      end = pattern.lastIndex;
      if (onMatch(m) === false) return false;
      if (m[0].length === 0) pattern.lastIndex++;
    }
    carry = text.slice(end);
    if (carry.length > maxCarry) {
      // Text between matches is not needed; keep from the last tag on, which may start an element
      // cut by the chunk's end. If even that is too long, it is dropped.
      const lastTag = carry.lastIndexOf("<");
      const keep = lastTag >= 0 && carry.length - lastTag <= maxCarry;
      carry = keep ? carry.slice(lastTag) : "";
      dropped ||= !keep;
    }
    return true;
  };
  for await (const chunk of chunks) {
    if (!run(carry + decoder.write(chunk as Buffer))) return { stopped: true, dropped };
  }
  const rest = carry + decoder.end();
  if (rest && !run(rest)) return { stopped: true, dropped };
  return { stopped: false, dropped };
}
