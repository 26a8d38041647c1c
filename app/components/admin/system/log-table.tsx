import { choices, FilteredLog, type LogColumn, periodFilter } from "../filtered-log";
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

const COLUMNS: LogColumn<LogItem>[] = [
  { header: "Time", cell: (e) => <UtcTime iso={e.createdAt} /> },
  { header: "Action", cell: (e) => e.action, className: "whitespace-nowrap font-mono text-xs" },
  { header: "Entity", cell: (e) => e.entityType },
  { header: "Who", cell: (e) => e.who },
  { header: "IP address", cell: (e) => e.ip ?? "—" },
  { header: "Details", cell: (e) => e.summary || "—", className: "max-w-md break-words text-slate-700" },
];

/** The activity log (the shared filtered log): action, entity type, e-mail and period, 50 a page. */
export function LogTable(props: {
  filter: LogFilterValues;
  actions: string[];
  entityTypes: string[];
  entries: LogItem[];
  total: number;
  page: number;
  per: number;
  pageCount: number;
}) {
  const { filter } = props;
  return (
    <FilteredLog
      path="/admin/logs"
      filters={[
        {
          kind: "select",
          id: "log-action",
          name: "action",
          label: "Action",
          value: filter.action ?? "",
          options: choices("All actions", props.actions),
        },
        {
          kind: "select",
          id: "log-entity",
          name: "entity",
          label: "Entity type",
          value: filter.entityType ?? "",
          options: choices("All types", props.entityTypes),
        },
        { kind: "search", id: "log-email", name: "email", label: "User e-mail contains", value: filter.email },
        periodFilter("log-period", filter.period),
      ]}
      columns={COLUMNS}
      rows={props.entries}
      total={props.total}
      page={props.page}
      per={props.per}
      pageCount={props.pageCount}
      tableLabel="Log entries"
      pagerLabel="Log pages"
      empty="No log entries match these filters"
      countLine={(n) => `${n} ${n === 1 ? "entry" : "entries"}`}
    />
  );
}
