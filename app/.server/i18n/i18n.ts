import { AsyncLocalStorage } from "node:async_hooks";
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import type { MiddlewareFunction } from "react-router";
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, languageOf, type PageLanguage, PSEUDO_LANGUAGE } from "~/lib/i18n/languages";
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
import { cookieFromHeader } from "../http/cookies";

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
  return languageOfHeaders(request.headers.get("Cookie"), request.headers.get("Accept-Language"));
}

/** The same from the raw headers (the Express layer's requests, server/http.ts). */
export function languageOfHeaders(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined): PageLanguage {
  const cookie = cookieFromHeader(cookieHeader, LANGUAGE_COOKIE);
  if (cookie === PSEUDO_LANGUAGE && getConfig().pseudoLanguage) return PSEUDO_LANGUAGE;
  return languageOf({ cookie, acceptLanguage });
}

/**
 * The request being answered's messages, for code on the server that composes a text a person
 * will read (a refusal, a toast, a share message) without a React context: set around every
 * loader, action and middleware by the root's middleware (`withRequestLanguage`) and around the
 * render by entry.server.tsx. Outside a request (the command line, background jobs), English.
 */
const current = new AsyncLocalStorage<I18n>();

export function serverI18n(): I18n {
  return current.getStore() ?? i18nFor(DEFAULT_LANGUAGE);
}

/** Runs `work` with `i18n` as the request's messages (entry.server.tsx, around the render). */
export function runInLanguage<T>(i18n: I18n, work: () => T): T {
  return current.run(i18n, work);
}

/** The root's first middleware: everything the request runs sees its language (serverI18n). */
export const withRequestLanguage: MiddlewareFunction<Response> = ({ request }, next) =>
  runInLanguage(i18nFor(requestLanguage(request)), next);
