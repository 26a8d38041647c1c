import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { LANGUAGE_COOKIE, languageOf, type PageLanguage, PSEUDO_LANGUAGE } from "~/lib/i18n/languages";
import { messages as enAdmin } from "~/locales/en/admin.po";
import { messages as enPublic } from "~/locales/en/public.po";
import { messages as enServer } from "~/locales/en/server.po";
import { messages as pseudoAdmin } from "~/locales/en-XA/admin.po";
import { messages as pseudoPublic } from "~/locales/en-XA/public.po";
import { messages as pseudoServer } from "~/locales/en-XA/server.po";
import { messages as soAdmin } from "~/locales/so/admin.po";
import { messages as soPublic } from "~/locales/so/public.po";
import { messages as soServer } from "~/locales/so/server.po";
import { getConfig } from "../config";
import { readCookie } from "../http/cookies";

const MESSAGES: Record<PageLanguage, Messages> = {
  en: { ...enPublic, ...enAdmin, ...enServer },
  so: { ...soPublic, ...soAdmin, ...soServer },
  [PSEUDO_LANGUAGE]: { ...pseudoPublic, ...pseudoAdmin, ...pseudoServer },
};

/**
 * One Lingui instance per language, set up once with every message of that language (decision
 * 0031). An instance is only read while rendering (its language never changes after this), so
 * concurrent requests in different languages share them safely.
 */
const INSTANCES = new Map<PageLanguage, I18n>(
  (Object.keys(MESSAGES) as PageLanguage[]).map((language) => [
    language,
    setupI18n({ locale: language, messages: { [language]: MESSAGES[language] } }),
  ]),
);

/** The messages of a language, for the page being rendered and for texts the server composes. */
export function i18nFor(language: PageLanguage): I18n {
  const instance = INSTANCES.get(language);
  if (!instance) throw new Error(`No catalogue for the language ${language}`);
  return instance;
}

/**
 * A request's language: the switch's cookie, else `Accept-Language`, else English
 * (lib/i18n/languages.ts); the pseudo-language only where the configuration allows it (tests).
 */
export function requestLanguage(request: Request): PageLanguage {
  const cookie = readCookie(request, LANGUAGE_COOKIE);
  if (cookie === PSEUDO_LANGUAGE && getConfig().pseudoLanguage) return PSEUDO_LANGUAGE;
  return languageOf({ cookie, acceptLanguage: request.headers.get("Accept-Language") });
}
