import { BarChart3, BookOpen, FileText, Folder, Home, Info, Menu } from "lucide-react";
import { NavLink } from "react-router";

/** The spec's fallback menu (public-portal section 2); the data-driven menu replaces it later. */
const FALLBACK_MENU = [
  { title: "Home", url: "/", Icon: Home },
  { title: "Reports", url: "/reports", Icon: FileText },
  { title: "Guidelines", url: "/guidelines", Icon: BookOpen },
  { title: "Documents", url: "/documents", Icon: Folder },
  { title: "Dashboard", url: "/dashboards", Icon: BarChart3 },
  { title: "About", url: "/about", Icon: Info },
];

function linkClass({ isActive }: { isActive: boolean }) {
  return `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${
    isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
  }`;
}

export function PublicHeader() {
  const links = FALLBACK_MENU.map(({ title, url, Icon }) => (
    <NavLink key={url} to={url} end={url === "/"} className={linkClass} prefetch="intent">
      <Icon aria-hidden className="h-4 w-4" />
      {title}
    </NavLink>
  ));
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <a href="/" className="flex items-center gap-2 font-semibold text-brand-800">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>CCCM Somalia</span>
        </a>
        <nav aria-label="Main" className="hidden gap-1 md:flex">
          {links}
        </nav>
        {/* A <details> menu opens without JavaScript on small screens. */}
        <details className="relative md:hidden">
          <summary className="flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-slate-100" aria-label="Open menu">
            <Menu aria-hidden className="h-5 w-5" />
          </summary>
          <nav aria-label="Main (mobile)" className="absolute right-0 mt-2 flex w-56 flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 shadow-lg">
            {links}
          </nav>
        </details>
      </div>
    </header>
  );
}
