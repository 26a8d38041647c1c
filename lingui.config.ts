import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * The message catalogues (issue 14, decision 0031). English is the source: the texts in the code
 * are the English ones, and `npm run i18n:extract` writes every one of them into the `.po` files
 * of each language, where translators fill in `msgstr`. The build compiles the `.po` files it
 * imports (@lingui/vite-plugin) and fails when a language lacks a message.
 *
 * Three catalogues per language, so that a page's JavaScript carries only what it can show:
 * - public: the public portal and what both portals share (components/ui, lib, root), loaded by
 *   every page;
 * - admin: the admin portal, loaded by admin pages only;
 * - server: texts the server composes (app/.server), never sent to browsers as a catalogue.
 */
export default defineConfig({
  sourceLocale: "en",
  // en-XA: the pseudo-language, for tests only (I18N_PSEUDO): every English text with accents and
  // brackets, made by the build from the source, so a text that did not come from a catalogue
  // stands out on the page (npm run i18n:check).
  locales: ["en", "so", "en-XA"],
  pseudoLocale: "en-XA",
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/app/locales/{locale}/admin",
      include: ["<rootDir>/app/components/admin", "<rootDir>/app/routes/admin"],
    },
    {
      path: "<rootDir>/app/locales/{locale}/server",
      include: ["<rootDir>/app/.server"],
    },
    {
      path: "<rootDir>/app/locales/{locale}/public",
      include: ["<rootDir>/app"],
      // Folders end in /**: Lingui makes these absolute paths, and a glob leaves out a folder's
      // contents only when the pattern says so.
      exclude: [
        "<rootDir>/app/components/admin/**",
        "<rootDir>/app/routes/admin/**",
        "<rootDir>/app/.server/**",
        "<rootDir>/app/locales/**",
        "**/*.test.*",
      ],
    },
  ],
  // No line numbers in the references: an edit elsewhere in a file does not touch the catalogues.
  format: formatter({ lineNumbers: false }),
  orderBy: "message",
});
