import { i18n, type Messages } from "@lingui/core";
import { type CataloguePart, catalogueParts } from "./catalogue-parts";
import { DEFAULT_LANGUAGE, isPageLanguage, type PageLanguage } from "./languages";

type Catalogue = () => Promise<{ messages: Messages }>;

// One chunk per language and part: a reader's browser fetches only its language's messages, and
// admin messages only on admin pages (decision 0031).
const PUBLIC: Record<PageLanguage, Catalogue> = {
  en: () => import("~/locales/en/public.po"),
  so: () => import("~/locales/so/public.po"),
  "en-XA": () => import("~/locales/en-XA/public.po"),
};
const ADMIN: Record<PageLanguage, Catalogue> = {
  en: () => import("~/locales/en/admin.po"),
  so: () => import("~/locales/so/admin.po"),
  "en-XA": () => import("~/locales/en-XA/admin.po"),
};

const loaded = new Set<string>();

async function load(language: PageLanguage, part: CataloguePart): Promise<void> {
  const key = `${language}/${part}`;
  if (loaded.has(key)) return;
  const { messages } = await (part === "public" ? PUBLIC : ADMIN)[language]();
  i18n.load(language, messages);
  loaded.add(key);
}

/**
 * Before the page hydrates: the messages of the language the server rendered the page in (its
 * `<html lang>`), so that the first render in the browser says what the HTML says. The language
 * changes only with a page load (the switch is a plain form), so it is read once.
 */
export async function activatePageLanguage(): Promise<void> {
  const lang = document.documentElement.lang;
  const language = isPageLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  await Promise.all(catalogueParts(window.location.pathname).map((part) => load(language, part)));
  i18n.activate(language);
}

/** The admin messages, before an admin page renders after a navigation from a public one. */
export function loadAdminCatalogue(): Promise<void> {
  return load(isPageLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE, "admin");
}
