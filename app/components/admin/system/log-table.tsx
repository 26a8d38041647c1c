import { Form, Link } from "react-router";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { AdminTable } from "../admin-table";
import { UtcTime } from "../utc-time";

export interface LogItem {
  id: string;
  action: string;
  entityType: string;
  createdAt: string;
  who: string;
  ip: string | null;
  summary: string;
}

export interface LogFilterValues {
  action: string | null;
  entityType: string | null;
  email: string;
  period: string;
  page: number;
}

const PERIODS = [
  { value: "24h", label: "Last 24 hours" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "all", label: "All time" },
];

const COLUMNS = ["Time", "Action", "Entity", "Who", "IP address", "Details"];

function Filters({ filter, actions, entityTypes }: { filter: LogFilterValues; actions: string[]; entityTypes: string[] }) {
  return (
    <Form method="get" className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-5">
      <div>
        <label htmlFor="log-action" className={labelClass}>
          Action
        </label>
        <select id="log-action" name="action" defaultValue={filter.action ?? ""} className={`${inputClass} mt-1`}>
          <option value="">All actions</option>
          {actions.map((a) => (
            <option key={a}>{a}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="log-entity" className={labelClass}>
          Entity type
        </label>
        <select id="log-entity" name="entity" defaultValue={filter.entityType ?? ""} className={`${inputClass} mt-1`}>
          <option value="">All types</option>
          {entityTypes.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="log-email" className={labelClass}>
          User e-mail contains
        </label>
        <input id="log-email" name="email" type="search" defaultValue={filter.email} className={`${inputClass} mt-1`} />
      </div>
      <div>
        <label htmlFor="log-period" className={labelClass}>
          Period
        </label>
        <select id="log-period" name="period" defaultValue={filter.period} className={`${inputClass} mt-1`}>
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <button type="submit" className={buttonClass.primary}>
          Apply filters
        </button>
        <Link to="/admin/logs" className={buttonClass.ghost}>
          Clear
        </Link>
      </div>
    </Form>
  );
}

function Pager({ filter, page, pageCount }: { filter: LogFilterValues; page: number; pageCount: number }) {
  if (pageCount <= 1 && page <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams();
    if (filter.action) params.set("action", filter.action);
    if (filter.entityType) params.set("entity", filter.entityType);
    if (filter.email) params.set("email", filter.email);
    if (filter.period !== "all") params.set("period", filter.period);
    params.set("page", String(n));
    return `/admin/logs?${params}`;
  };
  return (
    <nav aria-label="Log pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
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

/** The activity log, filtered through the address (a GET form), so filters and pages work without JavaScript. */
export function LogTable(props: {
  filter: LogFilterValues;
  actions: string[];
  entityTypes: string[];
  entries: LogItem[];
  total: number;
  page: number;
  pageCount: number;
}) {
  const { filter, entries, total, page, pageCount } = props;
  return (
    <>
      <Filters filter={filter} actions={props.actions} entityTypes={props.entityTypes} />
      <p className="mt-4 text-sm text-slate-700" role="status">
        {total} {total === 1 ? "entry" : "entries"}
      </p>
      {entries.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No log entries match these filters
        </p>
      ) : (
        <AdminTable label="Log entries" columns={COLUMNS} className="mt-2 rounded-lg border border-slate-200 bg-white">
          {entries.map((e) => (
            <tr key={e.id}>
              <td className="px-3 py-2">
                <UtcTime iso={e.createdAt} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{e.action}</td>
              <td className="px-3 py-2">{e.entityType}</td>
              <td className="px-3 py-2">{e.who}</td>
              <td className="px-3 py-2">{e.ip ?? "—"}</td>
              <td className="max-w-md break-words px-3 py-2 text-slate-700">{e.summary || "—"}</td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager filter={filter} page={page} pageCount={pageCount} />
    </>
  );
}
