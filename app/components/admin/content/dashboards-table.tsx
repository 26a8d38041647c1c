import { useLingui } from "@lingui/react/macro";
import { ArrowDown, ArrowUp } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { httpsOrigin } from "~/lib/dashboards";
import { SpriteIcon } from "../../ui/icon-sprite";
import { buttonClass } from "../../ui/styles";
import { ActionsCell, AdminTable, ClampedText, cellClass, StatePill } from "../admin-table";
import { DeleteButton } from "./confirm-delete";
import { dashboardTypeLabel } from "./messages";

export interface DashboardListRow {
  id: string;
  title: string;
  type: string;
  provider: string;
  embed_url: string | null;
  is_public: boolean;
  display_order: number;
}

/** Every dashboard, public and private, in display order, with move up/down (plain forms), edit and delete. */
export function DashboardsTable({ dashboards }: { dashboards: DashboardListRow[] }) {
  const { i18n, t } = useLingui();
  const columns = [t`Order`, t`Title`, t`Type`, t`Provider`, t`Embedded from`, t`Access`, { label: t`Actions`, actions: true }];
  return (
    <AdminTable label={t`Dashboards table`} columns={columns}>
      {dashboards.map((d, i) => {
        const title = d.title;
        return (
          <tr key={d.id}>
            <td className={`${cellClass} tabular-nums`}>{d.display_order}</td>
            <td className={`${cellClass} font-medium`}>
              <ClampedText text={d.title} />
            </td>
            <td className={cellClass}>{dashboardTypeLabel(d.type, i18n)}</td>
            <td className={cellClass}>{d.provider}</td>
            <td className={`${cellClass} break-all text-slate-600`}>{httpsOrigin(d.embed_url) ?? "—"}</td>
            <td className={cellClass}>
              <StatePill on={d.is_public} labels={[t`Public`, t`Private`]} />
            </td>
            <ActionsCell>
              <MoveButton dashboard={d} direction="up" disabled={i === 0} />
              <MoveButton dashboard={d} direction="down" disabled={i === dashboards.length - 1} />
              <a href={`/admin/dashboards/${d.id}/edit`} className={buttonClass.ghost} aria-label={t`Edit ${title}`}>
                <SpriteIcon name="pencil" className="h-4 w-4" />
              </a>
              <DeleteButton
                target={{
                  kind: "dashboard",
                  title: d.title,
                  href: `/admin/dashboards/${d.id}/delete`,
                }}
              />
            </ActionsCell>
          </tr>
        );
      })}
    </AdminTable>
  );
}

function MoveButton({ dashboard, direction, disabled }: { dashboard: DashboardListRow; direction: "up" | "down"; disabled: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "move";
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  const { t } = useLingui();
  const title = dashboard.title;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={dashboard.id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        className={`${buttonClass.ghost} disabled:opacity-40`}
        disabled={disabled || busy}
        aria-label={direction === "up" ? t`Move ${title} up` : t`Move ${title} down`}
      >
        <Icon aria-hidden className="h-4 w-4" />
      </button>
    </Form>
  );
}
