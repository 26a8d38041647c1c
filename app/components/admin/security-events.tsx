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

const COLUMNS: LogColumn<SecurityEventItem>[] = [
  { header: "Time", cell: (e) => <UtcTime iso={e.createdAt} /> },
  { header: "Event", cell: (e) => e.action, className: "whitespace-nowrap font-mono text-xs" },
  { header: "Email", cell: (e) => e.email ?? "—" },
  { header: "IP address", cell: (e) => e.ip ?? "—" },
  {
    header: "Browser",
    cell: (e) => <span title={e.userAgent ?? undefined}>{e.userAgent ?? "—"}</span>,
    className: "max-w-[12rem] truncate text-slate-600",
  },
  { header: "Details", cell: (e) => e.details || "—", className: "text-slate-700" },
];

/** The security log (the shared filtered log): event, e-mail and period, 50 a page. */
export function SecurityEvents({ filter, actions, events, total, page, per, pageCount }: SecurityEventsProps) {
  return (
    <section aria-labelledby="events-heading" className="mt-8">
      <h2 id="events-heading" className="text-lg font-semibold">
        Security events ({total})
      </h2>
      <FilteredLog
        path="/admin/security"
        filters={[
          {
            kind: "select",
            id: "filter-action",
            name: "action",
            label: "Event",
            value: filter.action ?? "",
            options: choices("All events", actions),
          },
          { kind: "search", id: "filter-email", name: "email", label: "Email contains", value: filter.email },
          periodFilter("filter-period", filter.period),
        ]}
        columns={COLUMNS}
        rows={events}
        total={total}
        page={page}
        per={per}
        pageCount={pageCount}
        tableLabel="Security events table"
        pagerLabel="Security events pages"
        empty="No security events match these filters"
      />
    </section>
  );
}
