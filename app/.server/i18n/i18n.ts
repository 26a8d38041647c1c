import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { LANGUAGE_COOKIE, LANGUAGES, type Language, languageOf } from "~/lib/i18n/languages";
import { messages as enAdmin } from "~/locales/en/admin.po";
import { messages as enPublic } from "~/locales/en/public.po";
import { messages as enServer } from "~/locales/en/server.po";
import { messages as soAdmin } from "~/locales/so/admin.po";
import { messages as soPublic } from "~/locales/so/public.po";
import { messages as soServer } from "~/locales/so/server.po";
import { readCookie } from "../http/cookies";

const MESSAGES: Record<Language, Messages> = {
  en: { ...enPublic, ...enAdmin, ...enServer },
  so: { ...soPublic, ...soAdmin, ...soServer },
};

/**
 * One Lingui instance per language, set up once with every message of that language (decision
 * 0031). An instance is only read while rendering (its language never changes after this), so
 * concurrent requests in different languages share them safely.
 */
const INSTANCES = new Map<Language, I18n>(
  LANGUAGES.map((language) => [language, setupI18n({ locale: language, messages: { [language]: MESSAGES[language] } })]),
);

/** The messages of a language, for the page being rendered and for texts the server composes. */
export function i18nFor(language: Language): I18n {
  const instance = INSTANCES.get(language);
  if (!instance) throw new Error(`No catalogue for the language ${language}`);
  return instance;
}

/** A request's language: the switch's cookie, else `Accept-Language`, else English (lib/i18n/languages.ts). */
export function requestLanguage(request: Request): Language {
  return languageOf({ cookie: readCookie(request, LANGUAGE_COOKIE), acceptLanguage: request.headers.get("Accept-Language") });
}
