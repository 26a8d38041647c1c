import { Menu } from "lucide-react";
import { NavLink } from "react-router";
import { type MenuItem, SITE_NAME } from "~/lib/site";
import { MenuIcon } from "./menu-icon";

function linkClass({ isActive }: { isActive: boolean }) {
  return `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
  }`;
}

/** The navigation bar (public-portal section 2): the menu from the database, collapsed under 768 px; the site name from the settings. */
export function PublicHeader({ menu, siteName = SITE_NAME }: { menu: MenuItem[]; siteName?: string }) {
  const links = menu.map(({ title, url, icon }) => (
    <NavLink key={url} to={url} end={url === "/"} className={linkClass} prefetch="intent">
      <MenuIcon name={icon} />
      {title}
    </NavLink>
  ));
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <a href="/" className="flex items-center gap-2 font-semibold text-brand-800">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{siteName}</span>
        </a>
        <nav aria-label="Main" className="hidden gap-1 md:flex">
          {links}
        </nav>
        {/* A <details> menu opens without JavaScript on small screens. */}
        <details className="group relative md:hidden">
          <summary className="flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
            <Menu aria-hidden className="h-5 w-5" />
            <span className="sr-only">Menu</span>
          </summary>
          <nav
            aria-label="Main (mobile)"
            className="absolute right-0 mt-2 flex w-56 flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
          >
            {links}
          </nav>
        </details>
      </div>
    </header>
  );
}
