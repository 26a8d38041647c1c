import { useLingui } from "@lingui/react/macro";
import { Menu } from "lucide";
import { NavLink } from "react-router";
import { LineIcon } from "~/components/ui/line-icon";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_NAMES, type Language, otherLanguages } from "~/lib/i18n/languages";
import { NAV_BREAKPOINT_CLASSES, navBreakpoint } from "~/lib/nav-fit";
import { type MenuItem, SITE_NAME } from "~/lib/site";
import { LanguageSwitch } from "./language-switch";
import { MenuIcon } from "./menu-icon";

/**
 * The navigation bar (public-portal section 2): the menu from the database and the site name from
 * the settings. The bar shows only where it fits, else the menu button holds the links (never
 * under 768 px). Without JavaScript a breakpoint estimated from the titles decides (lib/nav-fit);
 * with it the header measures the real width and re-measures on every resize (app/enhance/nav-fit.ts
 * sets data-nav).
 */
export function PublicHeader({
  menu,
  siteName = SITE_NAME,
  dataSaver = false,
}: {
  menu: MenuItem[];
  siteName?: string;
  dataSaver?: boolean;
}) {
  const { i18n, t } = useLingui();
  // The language switch shares the row: its buttons count in the estimate and the measurement.
  const switchLanguages = otherLanguages(isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);
  const breakpoint = navBreakpoint(
    menu,
    siteName,
    switchLanguages.map((language) => LANGUAGE_NAMES[language]),
  );
  const classes = breakpoint ? NAV_BREAKPOINT_CLASSES[breakpoint] : { bar: "", button: "" };

  // Staff may give two items one address: the title keeps the keys apart.
  const links = menu.map(({ title, url, icon }) => (
    // app.css's nav-link; the current page's link (aria-current, set by NavLink) is highlighted.
    <NavLink key={`${title}|${url}`} to={url} end={url === "/"} className="nav-link" prefetch="intent">
      <MenuIcon name={icon} />
      {title}
    </NavLink>
  ));
  return (
    <header
      data-nav-header
      data-refresh="header"
      className="group/header sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur"
    >
      <div data-nav-row className="relative mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <a href="/" className="mr-auto flex min-w-0 items-center gap-2 font-semibold text-brand-800">
          {dataSaver ? <InlineLogo /> : <img src="/favicon.svg" alt="" width={28} height={28} className="shrink-0" />}
          <span className="truncate">{siteName}</span>
        </a>
        <nav
          aria-label={t`Main`}
          className={`hidden shrink-0 gap-1 ${classes.bar} group-data-[nav=collapsed]/header:hidden group-data-[nav=inline]/header:flex`}
        >
          {links}
        </nav>
        <LanguageSwitch />
        {/* A <details> menu opens without JavaScript; with it, it also closes on Escape, outside clicks and a chosen link (app/enhance/menus.ts). */}
        <details
          data-disclosure
          className={`relative shrink-0 ${classes.button} group-data-[nav=collapsed]/header:block group-data-[nav=inline]/header:hidden`}
        >
          <summary className="flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <LineIcon name="menu" icon={Menu} className="h-5 w-5" />
            <span className="sr-only">{t`Menu`}</span>
          </summary>
          <nav
            aria-label={t`Main (mobile)`}
            className="absolute right-0 mt-2 flex max-h-[calc(100vh-5rem)] w-56 flex-col gap-1 overflow-y-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg [&_a]:whitespace-normal"
          >
            {links}
          </nav>
        </details>
        <NavRuler menu={menu} siteName={siteName} languages={switchLanguages} />
      </div>
    </header>
  );
}

/**
 * The logo drawn in the page (public/favicon.svg's shapes, about 200 bytes): data-saver mode
 * requests no image (decision 0030).
 */
function InlineLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" width={28} height={28} className="shrink-0">
      <rect width="32" height="32" rx="6" fill="#1f5fa8" />
      <path d="M8 22V12l8-5 8 5v10h-5v-6h-6v6z" fill="#fff" />
    </svg>
  );
}

/**
 * An invisible copy of the row at its natural width, without links (nothing to focus or read),
 * for the measurement: the site name, the gap and every item, boxed as the bar's links are.
 */
function NavRuler({ menu, siteName, languages }: { menu: MenuItem[]; siteName: string; languages: Language[] }) {
  return (
    <div aria-hidden="true" className="pointer-events-none invisible absolute top-0 left-0 h-0 overflow-hidden">
      <div data-nav-ruler className="flex w-max items-center gap-4">
        <span className="flex items-center gap-2 font-semibold">
          <span className="h-7 w-7" />
          <span className="whitespace-nowrap">{siteName}</span>
        </span>
        <span className="flex gap-1">
          {menu.map(({ title, url }) => (
            <span key={`${title}|${url}`} className="nav-link">
              {/* A box the icon's size: nothing is drawn here, only measured. */}
              <span className="h-4 w-4" />
              {title}
            </span>
          ))}
        </span>
        {languages.map((language) => (
          // Boxed as the language switch's buttons are, and in their language.
          <span key={language} lang={language} className="rounded-md border px-2 py-1 text-sm font-medium">
            {LANGUAGE_NAMES[language]}
          </span>
        ))}
      </div>
    </div>
  );
}
