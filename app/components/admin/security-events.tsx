import { Trans, useLingui } from "@lingui/react/macro";
import { choices, FilteredLog, type LogColumn, periodFilter } from "./filtered-log";
import { UtcTime } from "./utc-time";

export interface SecurityEventItem {
  id: string;
  action: string;
  createdAt: string;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
  details: string;
}

export interface SecurityEventsProps {
  filter: { action: string | null; email: string; period: string; page: number };
  actions: string[];
  events: SecurityEventItem[];
  total: number;
  page: number;
  per: number;
  pageCount: number;
}

/** The security log (the shared filtered log): event, e-mail and period, 50 a page. */
export function SecurityEvents({ filter, actions, events, total, page, per, pageCount }: SecurityEventsProps) {
  const { i18n, t } = useLingui();
  // The event names and details are the log's own (code names and logged values): shown as logged.
  const columns: LogColumn<SecurityEventItem>[] = [
    { header: t`Time`, cell: (e) => <UtcTime iso={e.createdAt} /> },
    { header: t`Event`, cell: (e) => e.action, className: "whitespace-nowrap font-mono text-xs" },
    { header: t`Email`, cell: (e) => e.email ?? "—" },
    { header: t`IP address`, cell: (e) => e.ip ?? "—" },
    {
      header: t`Browser`,
      cell: (e) => <span title={e.userAgent ?? undefined}>{e.userAgent ?? "—"}</span>,
      className: "max-w-[12rem] truncate text-slate-600",
    },
    { header: t`Details`, cell: (e) => e.details || "—", className: "text-slate-700" },
  ];
  return (
    <section aria-labelledby="events-heading" className="mt-8">
      <h2 id="events-heading" className="text-lg font-semibold">
        <Trans>Security events ({total})</Trans>
      </h2>
      <FilteredLog
        path="/admin/security"
        filters={[
          {
            kind: "select",
            id: "filter-action",
            name: "action",
            label: t`Event`,
            value: filter.action ?? "",
            options: choices(t`All events`, actions),
          },
          { kind: "search", id: "filter-email", name: "email", label: t`Email contains`, value: filter.email },
          periodFilter("filter-period", filter.period, i18n),
        ]}
        columns={columns}
        rows={events}
        total={total}
        page={page}
        per={per}
        pageCount={pageCount}
        tableLabel={t`Security events table`}
        pagerLabel={t`Security events pages`}
        empty={t`No security events match these filters`}
      />
    </section>
  );
}
