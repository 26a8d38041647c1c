import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlib } from "node:zlib";
import { DATA_SAVER_COOKIE, isDataSaverChoice, isDataSaverOn } from "~/lib/data-saver";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, languageOf } from "~/lib/i18n/languages";
import { SIDE_MENU_COOKIE } from "~/lib/side-menu";
import { contentSecurityPolicy } from "./content-security";

/**
 * The cache of anonymous pages (issue 13, decision 0029): the public pages, their data requests
 * (`.data`, client-side navigation) and the public JSON, rendered once and kept compressed, served
 * to every anonymous visitor until something they show changes. Every event of the live-event
 * bus (which crosses instances through PostgreSQL) empties it; an entry also ends after a set
 * time, for what changes without an event (download counts, changes made by the CLI in another
 * process on SQLite). This module holds the rules and the store; server/page-cache.ts serves it.
 *
 * What never enters it: anything a signed-in or otherwise identified visitor asks for (any cookie
 * but the side-menu's and the data saver's), any answer but a 200, an answer that sets a cookie or says `private` or
 * `no-store`, and any address not listed below (share links, admin, files, event streams).
 */

/**
 * The addresses whose anonymous answers are the same for everyone (with their `.data` twins). Not
 * a document's or a dashboard's own page: rendering one counts a view (the analytics, the page's
 * own view count), which a page served from the cache would not.
 */
const CACHEABLE_PATHS: readonly RegExp[] = [
  /^\/(?:_root\.data)?$/,
  /^\/(?:reports|guidelines|standards|documents|dashboards|about)(?:\.data)?$/,
  /^\/document\/[^/]+\/text(?:\.data)?$/,
  /^\/tools\/url-decoder(?:\.data)?$/,
  /^\/api\/public\/documents$/,
  // For crawlers (decision 0032): a sitemap file walks up to 50,000 documents; repeats are served from here.
  /^\/(?:robots\.txt|sitemap\.xml)$/,
  /^\/sitemaps\/\d+\.xml$/,
  // The feeds (decision 0034): readers poll them; emptied with the rest on every change.
  /^\/feeds\/(?:atom|rss)$/,
];

export function isCacheablePath(pathname: string): boolean {
  return CACHEABLE_PATHS.some((pattern) => pattern.test(pathname));
}

/**
 * The cookies a page may read without making it anyone's own. The side menu's value is part of
 * the key. The data saver's (decision 0030) and the language switch's (decision 0031) are read
 * with a header (Save-Data, Accept-Language): the key holds what they decide (the mode, the
 * language), not their raw values, so every browser that gets the same page shares one copy.
 */
const READ_COOKIES: readonly string[] = [SIDE_MENU_COOKIE, DATA_SAVER_COOKIE, LANGUAGE_COOKIE];

export interface CacheableRequest {
  method: string;
  /**
   * The scheme and Host the request came by: without PUBLIC_URL a page's absolute links (share
   * links, canonical addresses) are made from them, so a page asked for under another Host is
   * another page; a forged Host never reaches anyone else's answer.
   */
  origin: string;
  /** Path and query, as the browser sent them. */
  url: string;
  pathname: string;
  cookie: string | undefined;
  authorization: string | undefined;
  /**
   * The `Save-Data` header: a data saver's page has no pictures and no live updates (decision
   * 0030), so it is another page. Read with the switch's cookie: the key holds the mode they decide.
   */
  saveData: string | undefined;
  /** The `Accept-Language` header: without the switch's cookie, it picks the page's language. */
  acceptLanguage: string | undefined;
}

/**
 * The key an anonymous GET is cached under, or null when the request must be rendered for itself.
 * Cookies are read by name; one the page does not know still keeps the request out (a session
 * cookie of a staff member, a flash message, anything added later without thought for the cache).
 */
export function pageCacheKey(request: CacheableRequest): string | null {
  if (request.method !== "GET") return null;
  if (request.authorization !== undefined) return null;
  if (!isCacheablePath(request.pathname)) return null;
  const keyed: string[] = [];
  const values = new Map<string, string>();
  for (const part of (request.cookie ?? "").split(";")) {
    if (part.trim() === "") continue;
    const eq = part.indexOf("=");
    const name = (eq === -1 ? part : part.slice(0, eq)).trim();
    if (!READ_COOKIES.includes(name)) return null;
    // A cookie sent twice renders for itself: the page reads the first value, and a key made from
    // another would file that page under other readers' key (a Somali page for English readers).
    if (values.has(name)) return null;
    values.set(name, eq === -1 ? "" : part.slice(eq + 1).trim());
  }
  const sideMenu = values.get(SIDE_MENU_COOKIE);
  if (sideMenu !== undefined) keyed.push(`${SIDE_MENU_COOKIE}=${sideMenu}`);
  // A value this version does not know (the tests' pseudo-language, an encoded spelling the page
  // would decode) renders for itself: its page is not the one the key would name.
  const languageCookie = values.get(LANGUAGE_COOKIE);
  if (languageCookie !== undefined && !isLanguage(languageCookie)) return null;
  const dataSaverCookie = values.get(DATA_SAVER_COOKIE);
  if (dataSaverCookie !== undefined && !isDataSaverChoice(dataSaverCookie)) return null;
  // Not a cookie's form (name=value): they cannot be mistaken for one.
  if (isDataSaverOn({ saveData: request.saveData, cookie: dataSaverCookie })) keyed.push("Data-Saver: on");
  // English, the default, adds nothing: its keys are those of a request that names no language.
  const language = languageOf({ cookie: languageCookie, acceptLanguage: request.acceptLanguage });
  if (language !== DEFAULT_LANGUAGE) keyed.push(`Language: ${language}`);
  return [`${request.origin}${request.url}`, ...keyed.sort()].join("\n");
}

/** A cached answer: its headers, and its body in each encoding a browser may ask for. */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  etag: string;
  /**
   * Its Content-Security-Policy, built once: the sha256 hashes of its inline scripts in place of a
   * nonce, and the hosts it frames (a dashboard's page).
   */
  policy: string;
  body: { identity: Buffer; br: Buffer; gzip: Buffer };
  storedAt: number;
}

/** Headers that are the cache's to write, or the visitor's own, and never stored. */
const UNSTORED_HEADERS = new Set(["content-length", "content-encoding", "set-cookie", "content-security-policy", "date", "etag", "vary"]);

/** Whether an answer may be kept for everyone: a 200 that sets no cookie and allows storing. */
export function isStorable(status: number, headers: Headers): boolean {
  if (status !== 200 || headers.has("Set-Cookie")) return false;
  return !/\b(?:no-store|private)\b/i.test(headers.get("Cache-Control") ?? "");
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The hashes a policy needs for the inline scripts of a page, in the order they appear, each once. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      createHash("sha256")
        .update(match[1] ?? "", "utf8")
        .digest("base64"),
    );
  }
  return [...hashes];
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Builds an entry from a rendered answer's bytes (compressed once, here, not per visitor). */
export async function cachedPage(
  status: number,
  headers: Headers,
  body: Buffer,
  frameOrigins: readonly string[],
  now: number,
): Promise<CachedPage> {
  const isHtml = (headers.get("Content-Type") ?? "").startsWith("text/html");
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return {
    status,
    headers: [...headers].filter(([name]) => !UNSTORED_HEADERS.has(name.toLowerCase())),
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    policy: contentSecurityPolicy({
      nonce: null,
      scriptHashes: isHtml ? inlineScriptHashes(body.toString("utf8")) : [],
      frameOrigins: new Set(frameOrigins),
    }),
    body: { identity: body, br, gzip: gz },
    storedAt: now,
  };
}

/** The encoding to send: brotli, else gzip, else none, as the browser accepts them (q=0 refuses). */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (name === "") continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? (accepted.has("*") ? (accepted.get("*") ?? 0) : 0);
  if (weight("br") > 0) return "br";
  if (weight("gzip") > 0) return "gzip";
  return "identity";
}

function entryBytes(page: CachedPage): number {
  return page.body.identity.length + page.body.br.length + page.body.gzip.length + 512;
}

export interface PageCacheOptions {
  /** How long an entry is served without an event, in ms. */
  maxAgeMs: number;
  /** The bytes all entries may take (every encoding counted); the least recently used go first. */
  maxBytes: number;
  now?: () => number;
}

/**
 * The entries, least recently used first (a Map keeps insertion order; a hit moves its entry to
 * the end). `generation` moves on with every clear, so a page rendered before a change and
 * finished after it is not stored.
 */
export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #maxAgeMs: number;
  readonly #maxBytes: number;
  readonly now: () => number;
  #bytes = 0;
  #generation = 0;

  constructor({ maxAgeMs, maxBytes, now = Date.now }: PageCacheOptions) {
    this.#maxAgeMs = maxAgeMs;
    this.#maxBytes = maxBytes;
    this.now = now;
  }

  get generation(): number {
    return this.#generation;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): CachedPage | undefined {
    const page = this.#entries.get(key);
    if (!page) return undefined;
    this.#entries.delete(key);
    if (this.now() - page.storedAt >= this.#maxAgeMs) {
      this.#bytes -= entryBytes(page);
      return undefined;
    }
    this.#entries.set(key, page);
    return page;
  }

  /** Stores a page rendered during `generation`; a page of an earlier generation is dropped. */
  set(key: string, page: CachedPage, generation: number): boolean {
    if (generation !== this.#generation) return false;
    const size = entryBytes(page);
    if (size > this.#maxBytes / 4) return false;
    const old = this.#entries.get(key);
    if (old) {
      this.#entries.delete(key);
      this.#bytes -= entryBytes(old);
    }
    this.#entries.set(key, page);
    this.#bytes += size;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#entries.delete(oldest);
      this.#bytes -= entryBytes(entry);
    }
    return true;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#generation += 1;
  }
}
