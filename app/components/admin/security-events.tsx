import { Form, Link } from "react-router";
import { buttonClass, inputClass, labelClass } from "../ui/styles";
import { AdminTable } from "./admin-table";
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
  pageCount: number;
}

const PERIODS = [
  { value: "24h", label: "Last 24 hours" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "all", label: "All time" },
];

const COLUMNS = ["Time", "Event", "Email", "IP address", "Browser", "Details"];

/** The security log with filters in the address (a GET form), so filtering and paging work without JavaScript. */
export function SecurityEvents({ filter, actions, events, total, page, pageCount }: SecurityEventsProps) {
  return (
    <section aria-labelledby="events-heading" className="mt-8">
      <h2 id="events-heading" className="text-lg font-semibold">
        Security events ({total})
      </h2>
      <Form
        method="get"
        className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4"
      >
        <div>
          <label htmlFor="filter-action" className={labelClass}>
            Event
          </label>
          <select id="filter-action" name="action" defaultValue={filter.action ?? ""} className={`${inputClass} mt-1`}>
            <option value="">All events</option>
            {actions.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-email" className={labelClass}>
            Email contains
          </label>
          <input id="filter-email" name="email" type="search" defaultValue={filter.email} className={`${inputClass} mt-1`} />
        </div>
        <div>
          <label htmlFor="filter-period" className={labelClass}>
            Period
          </label>
          <select id="filter-period" name="period" defaultValue={filter.period} className={`${inputClass} mt-1`}>
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end gap-2">
          <button type="submit" className={buttonClass.primary}>
            Apply filters
          </button>
          <Link to="/admin/security" className={buttonClass.ghost}>
            Clear
          </Link>
        </div>
      </Form>

      {events.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No security events match these filters
        </p>
      ) : (
        <AdminTable label="Security events table" columns={COLUMNS}>
          {events.map((e) => (
            <tr key={e.id}>
              <td className="px-3 py-2">
                <UtcTime iso={e.createdAt} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{e.action}</td>
              <td className="px-3 py-2">{e.email ?? "—"}</td>
              <td className="px-3 py-2">{e.ip ?? "—"}</td>
              <td className="max-w-[12rem] truncate px-3 py-2 text-slate-600" title={e.userAgent ?? undefined}>
                {e.userAgent ?? "—"}
              </td>
              <td className="px-3 py-2 text-slate-700">{e.details || "—"}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager filter={filter} page={page} pageCount={pageCount} />
    </section>
  );
}

function Pager({ filter, page, pageCount }: { filter: SecurityEventsProps["filter"]; page: number; pageCount: number }) {
  if (pageCount <= 1 && page <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams();
    if (filter.action) params.set("action", filter.action);
    if (filter.email) params.set("email", filter.email);
    if (filter.period !== "all") params.set("period", filter.period);
    params.set("page", String(n));
    return `/admin/security?${params}`;
  };
  return (
    <nav aria-label="Security events pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link to={href(Math.min(page - 1, pageCount))} className={buttonClass.secondary}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-700">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={href(page + 1)} className={buttonClass.secondary}>
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
