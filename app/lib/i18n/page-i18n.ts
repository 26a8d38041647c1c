import { type I18n, i18n } from "@lingui/core";

/**
 * The messages of the page being rendered, for code that runs outside React's context (route
 * `meta` functions, which React Router calls while it renders `<Meta>`). In the browser that is
 * Lingui's global instance, activated before hydration (entry.client.tsx); on the server, where
 * pages in different languages render at once, entry.server.tsx sets a source that reads the
 * request's instance (decision 0031). Components use `useLingui()` instead.
 */
let source: () => I18n = () => i18n;

export function pageI18n(): I18n {
  return source();
}

/** entry.server.tsx only. */
export function setPageI18nSource(read: () => I18n): void {
  source = read;
}
