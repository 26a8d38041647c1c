import { Trans, useLingui } from "@lingui/react/macro";
import { Activity, FileText, HeartPulse, Users } from "lucide-react";
import { formatUptime } from "~/lib/duration";
import { formatBytes } from "~/lib/format";
import { UtcTime } from "../utc-time";

export interface StatCard {
  /** Translated by the page, like `value` and `note`. */
  label: string;
  value: string | number;
  /** A line under the value (e.g. what failed). */
  note?: string;
  tone?: "ok" | "problem";
  icon: "users" | "documents" | "sessions" | "health";
}

const ICONS = { users: Users, documents: FileText, sessions: Activity, health: HeartPulse } as const;

export function StatCards({ cards }: { cards: StatCard[] }) {
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ label, value, note, tone, icon }) => {
        const Icon = ICONS[icon];
        return (
          <div key={label} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="flex items-center gap-2 text-sm text-slate-600">
              <Icon aria-hidden className="h-4 w-4" />
              {label}
            </dt>
            <dd className={`mt-2 text-3xl font-semibold ${tone === "problem" ? "text-red-700" : tone === "ok" ? "text-green-700" : ""}`}>
              {value}
            </dd>
            {note ? <dd className="mt-1 text-sm text-slate-700">{note}</dd> : null}
          </div>
        );
      })}
    </dl>
  );
}

export interface RecentEntry {
  id: string;
  action: string;
  who: string;
  createdAt: string;
}

/** The 5 latest activity rows (admin-and-sharing section 9). */
export function RecentActivity({ entries }: { entries: RecentEntry[] }) {
  return (
    <section aria-labelledby="recent-heading" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="recent-heading" className="text-lg font-semibold">
          <Trans>Recent Activity</Trans>
        </h2>
        <a href="/admin/logs" className="text-sm text-brand-700 underline">
          <Trans>All logs</Trans>
        </a>
      </div>
      {entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          <Trans>No activity yet</Trans>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {entries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2 text-sm">
              <span>
                <span className="font-mono text-xs font-semibold">{e.action}</span>
                <span className="block text-slate-700">{e.who}</span>
              </span>
              <span className="text-slate-600">
                <UtcTime iso={e.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export interface StatusValues {
  engine: string;
  databaseBytes: number;
  storageBytes: number;
  storageDriver: string;
  uptimeSeconds: number;
  version: string;
}

/** The System Status panel: every value measured on this server when the page was loaded. */
export function SystemStatus({ status }: { status: StatusValues }) {
  const { i18n, t } = useLingui();
  const size = formatBytes(status.storageBytes, i18n);
  const driver = status.storageDriver;
  const rows = [
    { key: "database", term: t`Database`, value: `${status.engine}, ${formatBytes(status.databaseBytes, i18n)}` },
    { key: "storage", term: t`Storage used`, value: t`${size} in stored documents and attachments (${driver})` },
    { key: "uptime", term: t`Uptime`, value: formatUptime(status.uptimeSeconds, i18n) },
    { key: "version", term: t`Version`, value: `v${status.version}` },
  ];
  return (
    <section aria-labelledby="status-heading" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="status-heading" className="text-lg font-semibold">
        <Trans>System Status</Trans>
      </h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {rows.map((r) => (
          <div key={r.key} className="grid gap-1 py-2 sm:grid-cols-3">
            <dt className="font-medium text-slate-700">{r.term}</dt>
            <dd className="sm:col-span-2">{r.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
