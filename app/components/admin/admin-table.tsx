/**
 * The admin screens' tables (issue 9): one header, one box that scrolls sideways when the table is
 * wider than the screen, and an Actions column pinned to the right edge of that box, so a row's
 * actions are always in view whatever scrolls. Long texts are cut to two lines, whole in a tooltip
 * and for screen readers.
 */

export interface AdminColumn {
  label: string;
  /** The row actions: pinned to the right edge of the box. */
  actions?: boolean;
}

/** Sticky cells need their own background, or the scrolled cells show through them. */
const PINNED = "sticky right-0 shadow-[inset_1px_0_0_var(--color-slate-200)]";

export const cellClass = "px-3 py-2";

export function AdminTableHead({ columns }: { columns: Array<string | AdminColumn> }) {
  return (
    <thead className="bg-slate-50 text-left text-slate-700">
      <tr>
        {columns.map((column) => {
          const { label, actions } = typeof column === "string" ? { label: column, actions: false } : column;
          return (
            <th key={label} scope="col" className={`${cellClass} font-semibold ${actions ? `${PINNED} bg-slate-50` : ""}`}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/**
 * A table in its own box. The box can be focused (a keyboard scrolls it) and is `relative`, so the
 * buttons' screen-reader-only text, placed absolutely, stays inside it instead of widening the page.
 */
export function AdminTable({
  label,
  columns,
  children,
  className = "mt-4 rounded-lg border border-slate-200 bg-white",
}: {
  /** Names the box for screen readers ("Documents table"). */
  label: string;
  columns: Array<string | AdminColumn>;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div tabIndex={0} role="region" aria-label={label} className={`relative overflow-x-auto ${className}`}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <AdminTableHead columns={columns} />
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** The row's actions, pinned to the right edge of the box, side by side. */
export function ActionsCell({ children }: { children: React.ReactNode }) {
  return (
    <td className={`${cellClass} ${PINNED} bg-white`}>
      <div className="flex items-center gap-1">{children}</div>
    </td>
  );
}

/**
 * A long text (a title, a description) cut to two lines, so one long title does not push the
 * actions off the table; the whole text is in the tooltip, and read in full by screen readers.
 * `className` gives its narrowest and widest widths in that table.
 */
export function ClampedText({ text, className = "min-w-[8rem] max-w-[16rem]" }: { text: string; className?: string }) {
  return (
    <span title={text} className={`line-clamp-2 [overflow-wrap:anywhere] ${className}`}>
      {text}
    </span>
  );
}

const PILL_TONES = { green: "bg-green-100 text-green-800", amber: "bg-amber-100 text-amber-900", slate: "bg-slate-200 text-slate-800" };

/** A row's state as a small pill: "Published"/"Draft", "Public"/"Private", "Active"/"Inactive". */
export function StatePill({ on, labels, off = "slate" }: { on: boolean; labels: [string, string]; off?: "amber" | "slate" }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${PILL_TONES[on ? "green" : off]}`}>{on ? labels[0] : labels[1]}</span>
  );
}
