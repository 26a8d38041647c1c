import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
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
  const { i18n, t } = useLingui();
  // The actions, entity types and details are the log's own (code names and logged values): shown as logged.
  const columns: LogColumn<LogItem>[] = [
    { header: t`Time`, cell: (e) => <UtcTime iso={e.createdAt} /> },
    { header: t`Action`, cell: (e) => e.action, className: "whitespace-nowrap font-mono text-xs" },
    { header: t`Entity`, cell: (e) => e.entityType },
    { header: t`Who`, cell: (e) => e.who },
    { header: t`IP address`, cell: (e) => e.ip ?? "—" },
    { header: t`Details`, cell: (e) => e.summary || "—", className: "max-w-md break-words text-slate-700" },
  ];
  return (
    <FilteredLog
      path="/admin/logs"
      filters={[
        {
          kind: "select",
          id: "log-action",
          name: "action",
          label: t`Action`,
          value: filter.action ?? "",
          options: choices(t`All actions`, props.actions),
        },
        {
          kind: "select",
          id: "log-entity",
          name: "entity",
          label: t`Entity type`,
          value: filter.entityType ?? "",
          options: choices(t`All types`, props.entityTypes),
        },
        { kind: "search", id: "log-email", name: "email", label: t`User e-mail contains`, value: filter.email },
        periodFilter("log-period", filter.period, i18n),
      ]}
      columns={columns}
      rows={props.entries}
      total={props.total}
      page={props.page}
      per={props.per}
      pageCount={props.pageCount}
      tableLabel={t`Log entries`}
      pagerLabel={t`Log pages`}
      empty={t`No log entries match these filters`}
      countLine={(n) => t`${plural(n, { one: "# entry", other: "# entries" })}`}
    />
  );
}
