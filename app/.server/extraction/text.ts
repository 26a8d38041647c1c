/**
 * Text as it is kept: normalised the same way whatever the reader, and capped in UTF-8 bytes
 * (the unit PostgreSQL and SQLite store) across all pages of a file.
 */

// C0 controls but tab and line breaks, DEL, and C1 controls: never meaningful in extracted text,
// and NUL is refused by PostgreSQL's text type.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this pattern's purpose
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// Half of a surrogate pair without its other half: not a character, and not encodable in UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// Horizontal spaces, the no-break and typographic ones included: one plain space for search.
const SPACES = /[ \t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g;

/** Cleans extracted text: no controls, lone surrogates replaced, single spaces, at most one blank line in a row. */
export function normaliseText(raw: string): string {
  return raw
    .replace(LONE_SURROGATE, "\ufffd")
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n")
    .replace(CONTROLS, "")
    .replace(SPACES, " ")
    .replace(/ ?\n ?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The text budget of one file. `take` returns what fits of a page's text (cut at a character
 * boundary, never inside a UTF-8 sequence or a surrogate pair) and remembers that text was cut.
 */
export class TextBudget {
  private used = 0;
  truncated = false;

  constructor(readonly maxBytes: number) {}

  get usedBytes(): number {
    return this.used;
  }

  /** Nothing more is taken once a text was cut: later pages after a gap would mislead. */
  get exhausted(): boolean {
    return this.truncated || this.used >= this.maxBytes;
  }

  take(text: string): string {
    if (this.truncated) return "";
    const left = this.maxBytes - this.used;
    const size = Buffer.byteLength(text, "utf8");
    if (size <= left) {
      this.used += size;
      return text;
    }
    this.truncated = true;
    if (left <= 0) return "";
    // encodeInto writes whole characters only and reports how many UTF-16 units it consumed.
    const { read, written } = new TextEncoder().encodeInto(text, new Uint8Array(left));
    this.used += written;
    return text.slice(0, read);
  }
}

/** UTF-8 bytes of a string. */
export const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");
