/**
 * The URL decoder and cleaner (admin-and-sharing sections 2, 5, 8 and 9), pure so the tool page
 * runs it on the server (without JavaScript) and in the browser, and the share dialog's decoder
 * field gives the same answer. Without Lingui, as the page's script imports it (app/enhance/):
 * the words are the components' and url-decoder-problems.ts's. It never fetches anything: a
 * MailChimp click link is recognised, not followed (following it would record a click and reveal
 * the reader).
 */

/** The spec's list of tracking parameters (section 9), compared case-insensitively. */
export const TRACKING_PARAMETERS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "fbclid",
  "gclid",
  "mc_cid",
  "mc_eid",
  "_hsenc",
  "_hsmi",
  "ref",
  "source",
  "campaign",
  "medium",
] as const;

/** The refusals, in English (the outcome's `message`); url-decoder-problems.ts gives them in a page's language. */
export const URL_DECODER_MESSAGES = {
  empty: "Please enter a URL to decode",
  failed: "Error: Failed to decode URL",
} as const;

export interface CleanedUrl {
  /** What was pasted, trimmed. */
  original: string;
  /** The pasted text with its percent-encoding decoded (repeatedly, bounded): for reading only. */
  decoded: string;
  /** The destination: safelinks unwrapped, tracking parameters removed, the rest keeping its encoding. */
  cleaned: string;
  /** The tracking parameters removed, in the order they appeared. */
  removed: string[];
  /** An Outlook safelinks wrapper was unwrapped (possibly several, nested). */
  safelinks: boolean;
  /** The destination is a MailChimp click-tracking link; its real target is known only to MailChimp. */
  mailchimp: boolean;
  /** Only http(s) results may be rendered as links; javascript:, data: and the rest are text. */
  linkable: boolean;
}

export type DecodeOutcome = { ok: true; result: CleanedUrl } | { ok: false; message: string };

/** Enough for any real double or triple encoding; bounds the work a hostile input can cause. */
const MAX_DECODE_ROUNDS = 5;
/** Nested safelinks (a forwarded forwarded mail) are unwrapped this many times at most. */
const MAX_UNWRAPS = 5;
/** A URL longer than this is not a link anyone pasted by hand. */
export const MAX_URL_LENGTH = 8192;

const TRACKING = new Set<string>(TRACKING_PARAMETERS);
const SAFELINKS_HOST = "safelinks.protection.outlook.com";
const MAILCHIMP_HOST = "list-manage.com";

/** One round of percent-decoding; a malformed sequence is kept as it is rather than failing the whole text. */
function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** Decodes until nothing changes, at most MAX_DECODE_ROUNDS times. */
export function decodeRepeatedly(text: string): string {
  let current = text;
  for (let i = 0; i < MAX_DECODE_ROUNDS; i++) {
    const next = decodeOnce(current);
    if (next === current) break;
    current = next;
  }
  return current;
}

function parseAbsolute(text: string): URL | null {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    // "www.example.org/page?utm_source=x", as people paste from a browser's address bar.
    if (!/^[\w-]+(\.[\w-]+)+(?=[/?#:]|$)/.test(text) || /\s/.test(text)) return null;
    text = `https://${text}`;
  }
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** The text as a URL, decoding it first as many times as it takes to become one (bounded). */
function toUrl(text: string): URL | null {
  let current = text;
  for (let i = 0; i <= MAX_DECODE_ROUNDS; i++) {
    const url = parseAbsolute(current);
    if (url) return url;
    const next = decodeOnce(current);
    if (next === current) return null;
    current = next.trim();
  }
  return null;
}

function hostIs(url: URL, domain: string): boolean {
  const host = url.hostname.toLowerCase();
  return host === domain || host.endsWith(`.${domain}`);
}

function isHttp(url: URL): boolean {
  return url.protocol === "http:" || url.protocol === "https:";
}

/** Outlook safelinks carry the real address in their `url` parameter. */
function unwrapSafelinks(url: URL): URL | null {
  if (!isHttp(url) || !hostIs(url, SAFELINKS_HOST)) return null;
  const inner = url.searchParams.get("url");
  return inner ? toUrl(inner.trim()) : null;
}

export function isMailchimpClick(url: URL): boolean {
  return isHttp(url) && hostIs(url, MAILCHIMP_HOST) && url.pathname.toLowerCase().startsWith("/track/click");
}

function parameterName(pair: string): string {
  const eq = pair.indexOf("=");
  return decodeOnce((eq === -1 ? pair : pair.slice(0, eq)).replace(/\+/g, " "));
}

/**
 * Removes the tracking parameters from the query, working on the raw text so every other
 * parameter keeps its exact encoding (URLSearchParams would re-encode them all).
 */
function stripTracking(url: URL): { href: string; removed: string[] } {
  if (!url.search) return { href: url.href, removed: [] };
  const removed: string[] = [];
  const kept = url.search
    .slice(1)
    .split("&")
    .filter((pair) => {
      if (pair === "") return false;
      const name = parameterName(pair);
      if (!TRACKING.has(name.toLowerCase())) return true;
      removed.push(name);
      return false;
    });
  const query = kept.length ? `?${kept.join("&")}` : "";
  const base = url.href.slice(0, url.href.length - url.search.length - url.hash.length);
  return { href: `${base}${query}${url.hash}`, removed };
}

/** Quotes and angle brackets come along when a link is copied out of an e-mail or a document. */
function unquote(text: string): string {
  return text
    .trim()
    .replace(/^[<"'“‘]+|[>"'”’]+$/g, "")
    .trim();
}

/** Decodes and cleans one pasted URL. */
export function decodeUrl(input: string | null | undefined): DecodeOutcome {
  const original = (input ?? "").trim();
  if (!original) return { ok: false, message: URL_DECODER_MESSAGES.empty };
  if (original.length > MAX_URL_LENGTH) return { ok: false, message: URL_DECODER_MESSAGES.failed };
  let url = toUrl(unquote(original));
  if (!url) return { ok: false, message: URL_DECODER_MESSAGES.failed };
  let safelinks = false;
  for (let i = 0; i < MAX_UNWRAPS; i++) {
    const inner = unwrapSafelinks(url);
    if (!inner) break;
    url = inner;
    safelinks = true;
  }
  const { href, removed } = stripTracking(url);
  return {
    ok: true,
    result: {
      original,
      decoded: decodeRepeatedly(original),
      cleaned: href,
      removed,
      safelinks,
      mailchimp: isMailchimpClick(url),
      linkable: isHttp(url),
    },
  };
}

/** The notes under a result (components/tools/url-result.tsx), in their order: what the decoder did and found. */
export type ResultNote = "safelinks" | "mailchimp" | "removed" | "none" | "notLinkable";

export function resultNotes(result: CleanedUrl): ResultNote[] {
  const notes: ResultNote[] = [];
  if (result.safelinks) notes.push("safelinks");
  if (result.mailchimp) notes.push("mailchimp");
  if (result.removed.length) notes.push("removed");
  else if (!result.mailchimp) notes.push("none");
  if (!result.linkable) notes.push("notLinkable");
  return notes;
}

/** The tool page's address for a URL (the no-JavaScript form's GET). */
export function urlDecoderHref(url: string): string {
  return `/tools/url-decoder?url=${encodeURIComponent(url)}`;
}
