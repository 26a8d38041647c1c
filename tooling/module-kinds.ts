/**
 * What a browser module is, for the admin build's grouping (tooling/shell-chunks.ts) and the
 * public pages' budget (tests/e2e/page-weight.spec.ts: none of the enhancements' modules may be
 * React's or Lingui's, decision 0038): one list. Ids are module ids, absolute or relative to the
 * project (`node_modules/react-dom/...`).
 */
export type ModuleKind = "framework" | "i18n" | "own";

const FRAMEWORK_PACKAGE = /(?:^|\/)node_modules\/(?:react|react-dom|react-router|scheduler)\//;
/** The bundler's few lines of glue (no package of ours or of React's): every page pays them too. */
const BUNDLER_GLUE = /^\0?(?:commonjsHelpers\.js|vite\/(?:preload-helper|modulepreload-polyfill)\.js)$/;
const LANGUAGE_RUNTIME = /(?:^|\/)node_modules\/@lingui\//;
const CATALOGUE = /(?:^|\/)app\/locales\//;

/** React, React DOM, React Router and React's scheduler: what every page pays, whatever it does. */
export function isFrameworkPackage(id: string): boolean {
  return FRAMEWORK_PACKAGE.test(id);
}

/** Lingui's runtime (the catalogues, one per language and part, are apart from it). */
export function isLanguageRuntime(id: string): boolean {
  return LANGUAGE_RUNTIME.test(id);
}

/** React's share, the languages' (decision 0031: Lingui's runtime and the catalogues), or the pages' own. */
export function moduleKind(id: string): ModuleKind {
  if (isFrameworkPackage(id) || BUNDLER_GLUE.test(id)) return "framework";
  if (isLanguageRuntime(id) || CATALOGUE.test(id)) return "i18n";
  return "own";
}
