import { Outlet } from "react-router";
import { PublicHeader } from "~/components/layout/public-header";

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-slate-600">
          <p>© {new Date().getFullYear()} CCCM Cluster Somalia</p>
          <a href="/admin" className="hover:text-brand-700 hover:underline">
            Admin Portal
          </a>
        </div>
      </footer>
    </div>
  );
}
