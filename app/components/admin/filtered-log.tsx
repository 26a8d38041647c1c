import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { pageHref, TABLE_PER } from "~/lib/paging";
import { Pager } from "../ui/pager";
import { buttonClass, inputClass, labelClass } from "../ui/styles";
import { AdminTable, cellClass } from "./admin-table";

/**
 * One paged, filtered log table: the Security page's events and the System Logs page's entries.
 * The filters are a GET form and the pages plain links, so both live in the address and work
 * without JavaScript; each page configures its filters and columns. The filter form also serves
 * the Documents table. Every label comes translated from the page that configures it.
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
  /** The page size in force (50 unless the address asked for another): carried on by the page links and the form. */
  per?: number;
  /** Accessible names of the scrollable table and of the page links. */
  tableLabel: string;
  pagerLabel: string;
  empty: string;
  /** A count line above the table ("12 entries"), when the page has no heading saying it. */
  countLine?: (total: number) => string;
}

/** The periods both logs filter by, "all" being the default. */
export const LOG_PERIOD_OPTIONS = [
  { value: "24h", label: msg`Last 24 hours` },
  { value: "7d", label: msg`Last 7 days` },
  { value: "30d", label: msg`Last 30 days` },
  { value: "all", label: msg`All time` },
] as const;

/** The period filter both logs have; "all" is the default and stays out of the page links. */
export function periodFilter(id: string, value: string, i18n: I18n): Extract<LogFilterControl, { kind: "select" }> & { omitted: string } {
  const options = LOG_PERIOD_OPTIONS.map((o) => ({ value: o.value, label: i18n._(o.label) }));
  return { kind: "select", id, name: "period", label: i18n._(msg`Period`), value, options, omitted: "all" };
}

/** A select's options: "everything" (the empty value) first, then each value as its own label. */
export function choices(all: string, values: readonly string[]): Array<{ value: string; label: string }> {
  return [{ value: "", label: all }, ...values.map((v) => ({ value: v, label: v }))];
}

// Literal class names, so Tailwind finds them: the filters plus the buttons' column.
const GRID_COLUMNS: Record<number, string> = { 3: "lg:grid-cols-3", 4: "lg:grid-cols-4", 5: "lg:grid-cols-5", 6: "lg:grid-cols-6" };

/** The address of page `n` with the filters in force (defaults left out), and the page size when it is not the default. */
export function logPageHref(
  path: string,
  filters: FilteredLogProps<{ id: string }>["filters"],
  n: number,
  per: number = TABLE_PER,
): string {
  const state: Record<string, string> = {};
  for (const f of filters) if (f.value && f.value !== (f.omitted ?? "")) state[f.name] = f.value;
  return pageHref(path, state, n, per);
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

/**
 * The filters as a GET form: Apply sends them (back to page 1), Clear goes back to the plain
 * list. `hidden` values (a page size not the default) are sent along unchanged. With
 * `buttonsBelow`, the filters share the row and the buttons go under them (longer choices).
 */
export function FilterForm({
  path,
  filters,
  hidden = {},
  label,
  buttonsBelow = false,
}: {
  path: string;
  filters: ReadonlyArray<LogFilterControl>;
  hidden?: Record<string, string>;
  /** The form's accessible name, when the page has several ("Filter documents"). */
  label?: string;
  buttonsBelow?: boolean;
}) {
  const columns = GRID_COLUMNS[filters.length + (buttonsBelow ? 0 : 1)] ?? "";
  return (
    <Form
      method="get"
      action={path}
      aria-label={label}
      className={`mt-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 ${columns}`}
    >
      {filters.map((f) => (
        <FilterControl key={f.id} control={f} />
      ))}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={`flex flex-wrap items-end gap-2 ${buttonsBelow ? "col-span-full" : ""}`}>
        <button type="submit" className={buttonClass.primary}>
          <Trans>Apply filters</Trans>
        </button>
        <Link to={path} className={buttonClass.ghost}>
          <Trans>Clear</Trans>
        </Link>
      </div>
    </Form>
  );
}

export function FilteredLog<T extends { id: string }>(props: FilteredLogProps<T>) {
  const { path, filters, columns, rows, total, page, pageCount } = props;
  const per = props.per ?? TABLE_PER;
  return (
    <>
      <FilterForm path={path} filters={filters} hidden={per === TABLE_PER ? {} : { per: String(per) }} />
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
      <Pager label={props.pagerLabel} page={page} pageCount={pageCount} hrefFor={(n) => logPageHref(path, filters, n, per)} />
    </>
  );
}
