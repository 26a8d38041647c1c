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

type Role = "admin" | "editor" | "user";
const ADMIN: Role[] = ["admin"];
const STAFF: Role[] = ["admin", "editor"];

/** Every admin screen; editors see only the content screens (ARCHITECTURE.md section 4). */
const NAV = [
  { to: "/admin", label: "Dashboard", Icon: LayoutDashboard, end: true, roles: STAFF },
  { to: "/admin/users", label: "Users", Icon: Users, end: false, roles: ADMIN },
  { to: "/admin/documents", label: "Documents", Icon: FileText, end: false, roles: STAFF },
  { to: "/admin/dashboards", label: "Dashboards", Icon: BarChart3, end: false, roles: STAFF },
  { to: "/admin/folders", label: "Folders", Icon: FolderOpen, end: false, roles: STAFF },
  { to: "/admin/shareable-links", label: "Shareable Links", Icon: Link2, end: false, roles: STAFF },
  { to: "/admin/analytics", label: "Analytics", Icon: Activity, end: false, roles: ADMIN },
  { to: "/admin/test", label: "Test Suite", Icon: FlaskConical, end: false, roles: ADMIN },
  { to: "/admin/settings", label: "Settings", Icon: Settings, end: false, roles: ADMIN },
  { to: "/admin/database", label: "Database", Icon: Database, end: false, roles: ADMIN },
  { to: "/admin/security", label: "Security", Icon: ShieldCheck, end: false, roles: ADMIN },
  { to: "/admin/logs", label: "System Logs", Icon: ScrollText, end: false, roles: ADMIN },
];

/**
 * The admin frame: sidebar headed by the portal name and country cluster,
 * Back to Portal, "Admin Access – Restricted Area"; /admin highlights only
 * exactly, other items by prefix (admin-and-sharing section 2).
 */
export function AdminShell({ user, children }: { user: { email: string; role: string }; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <aside className="border-b border-slate-200 bg-white md:w-64 md:shrink-0 md:border-b-0 md:border-r">
        <div className="px-4 py-4">
          <p className="font-semibold text-brand-800">CCCM Portal</p>
          <p className="text-sm text-slate-600">Somalia Cluster</p>
        </div>
        <nav aria-label="Admin" className="flex gap-1 overflow-x-auto px-2 pb-2 md:flex-col md:overflow-visible">
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
              {label}
            </NavLink>
          ))}
          <a href="/" className="flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100">
            <ArrowLeft aria-hidden className="h-4 w-4" />
            Back to Portal
          </a>
        </nav>
        <p className="hidden items-center gap-2 px-4 py-4 text-xs text-slate-600 md:flex">
          <ShieldAlert aria-hidden className="h-4 w-4" />
          Admin Access – Restricted Area
        </p>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center justify-end gap-3 border-b border-slate-200 bg-white px-4 py-3 text-sm">
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold uppercase text-brand-800">{user.role}</span>
          <span className="text-slate-700">{user.email}</span>
          <Link
            to="/admin/account/password"
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
          >
            <KeyRound aria-hidden className="h-4 w-4" />
            Change password
          </Link>
          <Link
            to="/admin/account/two-factor"
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
          >
            <Smartphone aria-hidden className="h-4 w-4" />
            Two-factor sign-in
          </Link>
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
            >
              <LogOut aria-hidden className="h-4 w-4" />
              Logout
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
