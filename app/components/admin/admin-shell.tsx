import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  Activity,
  ArrowLeft,
  BarChart3,
  Database,
  FileText,
  FlaskConical,
  FolderOpen,
  KeyRound,
  LayoutDashboard,
  Link2,
  LogOut,
  ScrollText,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Smartphone,
  Users,
} from "lucide-react";
import { Form, Link, NavLink } from "react-router";
import { LanguageSwitch } from "~/components/layout/language-switch";

type Role = "admin" | "editor" | "user";
const ADMIN: Role[] = ["admin"];
const STAFF: Role[] = ["admin", "editor"];

/** The role badge beside the e-mail (shown in capitals). */
const ROLE_BADGES: Record<string, MessageDescriptor> = { admin: msg`admin`, editor: msg`editor`, user: msg`user` };

/** Every admin screen; editors see only the content screens (ARCHITECTURE.md section 4). */
const NAV = [
  {
    to: "/admin",
    label: msg({ message: "Dashboard", context: "the admin portal's home page" }),
    Icon: LayoutDashboard,
    end: true,
    roles: STAFF,
  },
  { to: "/admin/users", label: msg`Users`, Icon: Users, end: false, roles: ADMIN },
  { to: "/admin/documents", label: msg`Documents`, Icon: FileText, end: false, roles: STAFF },
  { to: "/admin/dashboards", label: msg`Dashboards`, Icon: BarChart3, end: false, roles: STAFF },
  { to: "/admin/folders", label: msg`Folders`, Icon: FolderOpen, end: false, roles: STAFF },
  { to: "/admin/shareable-links", label: msg`Shareable Links`, Icon: Link2, end: false, roles: STAFF },
  { to: "/admin/analytics", label: msg`Analytics`, Icon: Activity, end: false, roles: ADMIN },
  { to: "/admin/test", label: msg`Test Suite`, Icon: FlaskConical, end: false, roles: ADMIN },
  { to: "/admin/settings", label: msg`Settings`, Icon: Settings, end: false, roles: ADMIN },
  { to: "/admin/database", label: msg`Database`, Icon: Database, end: false, roles: ADMIN },
  { to: "/admin/security", label: msg`Security`, Icon: ShieldCheck, end: false, roles: ADMIN },
  { to: "/admin/logs", label: msg`System Logs`, Icon: ScrollText, end: false, roles: ADMIN },
];

/**
 * The admin frame: sidebar headed by the portal name and country cluster,
 * Back to Portal, "Admin Access – Restricted Area"; /admin highlights only
 * exactly, other items by prefix (admin-and-sharing section 2).
 */
export function AdminShell({ user, children }: { user: { email: string; role: string }; children: React.ReactNode }) {
  const { t } = useLingui();
  const badge = ROLE_BADGES[user.role];
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <aside className="border-b border-slate-200 bg-white md:w-64 md:shrink-0 md:border-b-0 md:border-r">
        <div className="px-4 py-4">
          <p className="font-semibold text-brand-800">
            <Trans>CCCM Portal</Trans>
          </p>
          <p className="text-sm text-slate-600">
            <Trans>Somalia Cluster</Trans>
          </p>
        </div>
        <nav aria-label={t`Admin`} className="flex gap-1 overflow-x-auto px-2 pb-2 md:flex-col md:overflow-visible">
          {NAV.filter((item) => item.roles.includes(user.role as Role)).map(({ to, label, Icon, end }) => (
            <NavLink
              key={to}
              to={to}
              end={end}
              className={({ isActive }) =>
                `flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${
                  isActive ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100"
                }`
              }
            >
              <Icon aria-hidden className="h-4 w-4" />
              {t(label)}
            </NavLink>
          ))}
          <a href="/" className="flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100">
            <ArrowLeft aria-hidden className="h-4 w-4" />
            <Trans>Back to Portal</Trans>
          </a>
        </nav>
        <p className="hidden items-center gap-2 px-4 py-4 text-xs text-slate-600 md:flex">
          <ShieldAlert aria-hidden className="h-4 w-4" />
          <Trans>Admin Access – Restricted Area</Trans>
        </p>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-end gap-3 border-b border-slate-200 bg-white px-4 py-3 text-sm">
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold uppercase text-brand-800">
            {badge ? t(badge) : user.role}
          </span>
          <span className="text-slate-700">{user.email}</span>
          <LanguageSwitch />
          <Link
            to="/admin/account/password"
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
          >
            <KeyRound aria-hidden className="h-4 w-4" />
            <Trans>Change password</Trans>
          </Link>
          <Link
            to="/admin/account/two-factor"
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
          >
            <Smartphone aria-hidden className="h-4 w-4" />
            <Trans>Two-factor sign-in</Trans>
          </Link>
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
            >
              <LogOut aria-hidden className="h-4 w-4" />
              <Trans>Logout</Trans>
            </button>
          </Form>
        </header>
        <main id="main" className="flex-1 px-4 py-6 md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
