import { useLingui } from "@lingui/react/macro";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_ACTION, LANGUAGE_NAMES, LANGUAGES } from "~/lib/i18n/languages";

/**
 * The language switch (issue 14, decision 0031), in the header of every page: a button for each
 * other language, named in that language. A plain form post, with or without JavaScript: the
 * server keeps the choice in a cookie and sends the same page, query included, back whole in the
 * chosen language (no second set of messages in the page's JavaScript). The form names no page:
 * the action goes back by the Referer, as the data-saver switch does.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const { i18n, t } = useLingui();
  const current = isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
  return (
    <form method="post" action={LANGUAGE_ACTION} className={`flex shrink-0 gap-1 ${className}`} aria-label={t`Language`}>
      {LANGUAGES.filter((language) => language !== current).map((language) => (
        <button
          key={language}
          type="submit"
          name="language"
          value={language}
          lang={language}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </form>
  );
}
