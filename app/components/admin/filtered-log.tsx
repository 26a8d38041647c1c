import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { buttonClass, inputClass, labelClass } from "../ui/styles";
import { AdminTable, cellClass } from "./admin-table";

/**
 * One paged, filtered log table: the Security page's events and the System Logs page's entries.
 * The filters are a GET form and the pages plain links, so both live in the address and work
 * without JavaScript; each page configures its filters and columns.
 */

/** One filter of the form; its value comes from the address, and the page links carry it on. */
export type LogFilterControl =
  | { kind: "select"; id: string; name: string; label: string; value: string; options: ReadonlyArray<{ value: string; label: string }> }
  | { kind: "search"; id: string; name: string; label: string; value: string };

export interface LogColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface FilteredLogProps<T extends { id: string }> {
  /** The page's own path: the form's target, the Clear link and the page links. */
  path: string;
  /** A value equal to `omitted` (the default: "") is left out of the page links. */
  filters: ReadonlyArray<LogFilterControl & { omitted?: string }>;
  columns: ReadonlyArray<LogColumn<T>>;
  rows: readonly T[];
  total: number;
  page: number;
  pageCount: number;
  /** Accessible names of the scrollable table and of the page links. */
  tableLabel: string;
  pagerLabel: string;
  empty: string;
  /** A count line above the table ("12 entries"), when the page has no heading saying it. */
  countLine?: (total: number) => string;
}

/** The periods both logs filter by, "all" being the default. */
export const LOG_PERIOD_OPTIONS = [
  { value: "24h", label: "Last 24 hours" },
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "all", label: "All time" },
] as const;

/** The period filter both logs have; "all" is the default and stays out of the page links. */
export function periodFilter(id: string, value: string): LogFilterControl & { omitted: string } {
  return { kind: "select", id, name: "period", label: "Period", value, options: LOG_PERIOD_OPTIONS, omitted: "all" };
}

/** A select's options: "everything" (the empty value) first, then each value as its own label. */
export function choices(all: string, values: readonly string[]): Array<{ value: string; label: string }> {
  return [{ value: "", label: all }, ...values.map((v) => ({ value: v, label: v }))];
}

// Literal class names, so Tailwind finds them: the filters plus the buttons' column.
const GRID_COLUMNS: Record<number, string> = { 3: "lg:grid-cols-3", 4: "lg:grid-cols-4", 5: "lg:grid-cols-5", 6: "lg:grid-cols-6" };

/** The address of page `n` with the filters in force. */
export function logPageHref(path: string, filters: FilteredLogProps<{ id: string }>["filters"], n: number): string {
  const params = new URLSearchParams();
  for (const f of filters) if (f.value && f.value !== (f.omitted ?? "")) params.set(f.name, f.value);
  params.set("page", String(n));
  return `${path}?${params}`;
}

function FilterControl({ control }: { control: LogFilterControl }) {
  return (
    <div>
      <label htmlFor={control.id} className={labelClass}>
        {control.label}
      </label>
      {control.kind === "search" ? (
        <input id={control.id} name={control.name} type="search" defaultValue={control.value} className={`${inputClass} mt-1`} />
      ) : (
        <select id={control.id} name={control.name} defaultValue={control.value} className={`${inputClass} mt-1`}>
          {control.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

function Pager({ label, page, pageCount, href }: { label: string; page: number; pageCount: number; href: (n: number) => string }) {
  if (pageCount <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2 text-sm">
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

export function FilteredLog<T extends { id: string }>(props: FilteredLogProps<T>) {
  const { path, filters, columns, rows, total, page, pageCount } = props;
  return (
    <>
      <Form
        method="get"
        action={path}
        className={`mt-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 ${GRID_COLUMNS[filters.length + 1] ?? ""}`}
      >
        {filters.map((f) => (
          <FilterControl key={f.id} control={f} />
        ))}
        <div className="flex flex-wrap items-end gap-2">
          <button type="submit" className={buttonClass.primary}>
            Apply filters
          </button>
          <Link to={path} className={buttonClass.ghost}>
            Clear
          </Link>
        </div>
      </Form>
      {props.countLine ? (
        <p className="mt-4 text-sm text-slate-700" role="status">
          {props.countLine(total)}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">{props.empty}</p>
      ) : (
        <AdminTable
          label={props.tableLabel}
          columns={columns.map((c) => c.header)}
          className="mt-2 rounded-lg border border-slate-200 bg-white"
        >
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.header} className={`${cellClass} ${c.className ?? ""}`}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </AdminTable>
      )}
      <Pager label={props.pagerLabel} page={page} pageCount={pageCount} href={(n) => logPageHref(path, filters, n)} />
    </>
  );
}
