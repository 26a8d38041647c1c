import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, NavLink } from "react-router";
import { LanguageSwitch } from "~/components/layout/language-switch";
import { SpriteIcon, type SpriteIconName } from "~/components/ui/icon-sprite";

type Role = "admin" | "editor" | "user";
const ADMIN: Role[] = ["admin"];
const STAFF: Role[] = ["admin", "editor"];

/** The role badge beside the e-mail (shown in capitals). */
const ROLE_BADGES: Record<string, MessageDescriptor> = { admin: msg`admin`, editor: msg`editor`, user: msg`user` };

/** Every admin screen; editors see only the content screens (ARCHITECTURE.md section 4). */
interface NavItem {
  to: string;
  label: MessageDescriptor;
  icon: SpriteIconName;
  /** Highlighted only on exactly this path (else on any path under it too). */
  end: boolean;
  roles: Role[];
}

const NAV: NavItem[] = [
  {
    to: "/admin",
    label: msg({ message: "Dashboard", context: "the admin portal's home page" }),
    icon: "layout-dashboard",
    end: true,
    roles: STAFF,
  },
  { to: "/admin/users", label: msg`Users`, icon: "users", end: false, roles: ADMIN },
  { to: "/admin/documents", label: msg`Documents`, icon: "file-text", end: false, roles: STAFF },
  { to: "/admin/dashboards", label: msg`Dashboards`, icon: "bar-chart-3", end: false, roles: STAFF },
  { to: "/admin/folders", label: msg`Folders`, icon: "folder-open", end: false, roles: STAFF },
  { to: "/admin/shareable-links", label: msg`Shareable Links`, icon: "link-2", end: false, roles: STAFF },
  { to: "/admin/analytics", label: msg`Analytics`, icon: "activity", end: false, roles: ADMIN },
  { to: "/admin/test", label: msg`Test Suite`, icon: "flask-conical", end: false, roles: ADMIN },
  { to: "/admin/settings", label: msg`Settings`, icon: "settings", end: false, roles: ADMIN },
  { to: "/admin/database", label: msg`Database`, icon: "database", end: false, roles: ADMIN },
  { to: "/admin/security", label: msg`Security`, icon: "shield-check", end: false, roles: ADMIN },
  { to: "/admin/logs", label: msg`System Logs`, icon: "scroll-text", end: false, roles: ADMIN },
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
          {NAV.filter((item) => item.roles.includes(user.role as Role)).map(({ to, label, icon, end }) => (
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
              <SpriteIcon name={icon} className="h-4 w-4" />
              {t(label)}
            </NavLink>
          ))}
          <a href="/" className="flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100">
            <SpriteIcon name="arrow-left" className="h-4 w-4" />
            <Trans>Back to Portal</Trans>
          </a>
        </nav>
        <p className="hidden items-center gap-2 px-4 py-4 text-xs text-slate-600 md:flex">
          <SpriteIcon name="shield-alert" className="h-4 w-4" />
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
            <SpriteIcon name="key-round" className="h-4 w-4" />
            <Trans>Change password</Trans>
          </Link>
          <Link
            to="/admin/account/two-factor"
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
          >
            <SpriteIcon name="smartphone" className="h-4 w-4" />
            <Trans>Two-factor sign-in</Trans>
          </Link>
          <Form method="post" action="/admin/logout">
            <button
              type="submit"
              className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50"
            >
              <SpriteIcon name="log-out" className="h-4 w-4" />
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
