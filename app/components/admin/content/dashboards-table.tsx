import { ArrowDown, ArrowUp, Pencil } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { type DashboardType, TYPE_LABELS } from "~/lib/dashboard-form";
import { httpsOrigin } from "~/lib/dashboards";
import { buttonClass } from "../../ui/styles";
import { DeleteButton } from "./confirm-delete";

export interface DashboardListRow {
  id: string;
  title: string;
  type: string;
  provider: string;
  embed_url: string | null;
  is_public: boolean;
  display_order: number;
}

const COLUMNS = ["Order", "Title", "Type", "Provider", "Embedded from", "Access", "Actions"];

/** Every dashboard, public and private, in display order, with move up/down (plain forms), edit and delete. */
export function DashboardsTable({ dashboards }: { dashboards: DashboardListRow[] }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {COLUMNS.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {dashboards.map((d, i) => (
            <tr key={d.id}>
              <td className="px-3 py-2 tabular-nums">{d.display_order}</td>
              <td className="px-3 py-2 font-medium">{d.title}</td>
              <td className="px-3 py-2">{TYPE_LABELS[d.type as DashboardType] ?? d.type}</td>
              <td className="px-3 py-2">{d.provider}</td>
              <td className="break-all px-3 py-2 text-slate-600">{httpsOrigin(d.embed_url) ?? "—"}</td>
              <td className="px-3 py-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${d.is_public ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-800"}`}
                >
                  {d.is_public ? "Public" : "Private"}
                </span>
              </td>
              <td className="px-3 py-2">
                <div className="flex items-center">
                  <MoveButton dashboard={d} direction="up" disabled={i === 0} />
                  <MoveButton dashboard={d} direction="down" disabled={i === dashboards.length - 1} />
                  <a href={`/admin/dashboards/${d.id}/edit`} className={buttonClass.ghost} aria-label={`Edit ${d.title}`}>
                    <Pencil aria-hidden className="h-4 w-4" />
                  </a>
                  <DeleteButton
                    target={{
                      kind: "dashboard",
                      title: d.title,
                      href: `/admin/dashboards/${d.id}/delete`,
                      consequence: "and disappear from the public dashboards page",
                    }}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MoveButton({ dashboard, direction, disabled }: { dashboard: DashboardListRow; direction: "up" | "down"; disabled: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "move";
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={dashboard.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        className={`${buttonClass.ghost} disabled:opacity-40`}
        disabled={disabled || busy}
        aria-label={`Move ${dashboard.title} ${direction}`}
      >
        <Icon aria-hidden className="h-4 w-4" />
      </button>
    </Form>
  );
}
