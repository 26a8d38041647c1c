/**
 * The portal's languages (issue 14, decision 0031): which ones there are, and the one rule that
 * picks a request's language. The reader's choice (the header's switch, kept in a cookie) wins;
 * without one, the browser's `Accept-Language`; without a match, English.
 */
export const LANGUAGES = ["en", "so"] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = "en";

/**
 * The pseudo-language (decision 0031): English with accents and brackets, made by the build, for
 * the check that every text comes from a catalogue. Chosen only by the switch's cookie, and only
 * where the server allows it (I18N_PSEUDO, tests); never offered by the switch.
 */
export const PSEUDO_LANGUAGE = "en-XA";
/** A language a page can be rendered in: one of ours, or the pseudo-language. */
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;

export function isPageLanguage(value: unknown): value is PageLanguage {
  return value === PSEUDO_LANGUAGE || isLanguage(value);
}

/** Each language's name in itself: the switch offers the other one by the name its readers know. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", so: "Soomaali" };

export const LANGUAGE_COOKIE = "lang";
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60; // a year, like the data-saver switch's

/** The switch's address (routes/preferences-language.ts). */
export const LANGUAGE_ACTION = "/preferences/language";

/** What the switch offers: every language but the page's, in the order of LANGUAGES. */
export function otherLanguages(current: Language): Language[] {
  return LANGUAGES.filter((language) => language !== current);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language an `Accept-Language` header prefers among ours: the highest weight wins, the first
 * listed among equals; `so-SO` counts as `so`, `*` as English; a weight of 0 excludes.
 */
export function preferredLanguage(acceptLanguage: string | null | undefined): Language | null {
  let best: { language: Language; weight: number } | null = null;
  for (const range of (acceptLanguage ?? "").slice(0, 1000).split(",")) {
    const [tag = "", ...params] = range.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (!(weight > 0 && weight <= 1)) continue;
    const primary = tag.trim().split("-")[0];
    const language = primary === "*" ? DEFAULT_LANGUAGE : primary;
    if (!isLanguage(language)) continue;
    if (best === null || weight > best.weight) best = { language, weight };
  }
  return best?.language ?? null;
}

/** The one decision: the switch's cookie, else `Accept-Language`, else English. */
export function languageOf({
  cookie,
  acceptLanguage,
}: {
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): Language {
  if (isLanguage(cookie)) return cookie;
  return preferredLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** The switch's cookie: readable by the page's script (nothing secret), kept a year. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
}
