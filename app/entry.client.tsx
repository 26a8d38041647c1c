/**
 * The browser's start: React Router's own entry, after one step. The page's language's messages
 * are loaded first (decision 0031), so that hydration renders the same words the server sent; the
 * page is already painted and readable meanwhile, and what the reader types in it meanwhile is
 * kept through hydration (lib/typed-before-hydration.ts).
 */
import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { activatePageLanguage } from "./lib/i18n/client-catalogues";
import { watchTypedFields } from "./lib/typed-before-hydration";

// Restored by the root route once hydrated (root.tsx): the tree must stay the server's, or the
// ids React makes (useId) would differ from the page's.
watchTypedFields();

void activatePageLanguage().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
      </StrictMode>,
    );
  });
});
