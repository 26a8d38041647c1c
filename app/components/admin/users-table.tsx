import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link, useNavigation } from "react-router";
import { formatLongDate } from "~/lib/format";
import { buttonClass, inputClass } from "../ui/styles";
import { ActionsCell, AdminTable, cellClass, StatePill } from "./admin-table";

export type Role = "admin" | "editor" | "user";

export interface UserListItem {
  id: string;
  name: string | null;
  email: string;
  organization: string | null;
  role: Role;
  active: boolean;
  /** Invited, and the set-password link not used yet. */
  invited: boolean;
  createdAt: string;
}

/** The roles' names, translated where they are shown. */
export const ROLE_LABELS: Record<Role, MessageDescriptor> = { admin: msg`Admin`, editor: msg`Editor`, user: msg`User` };

/** The Users table (admin-and-sharing section 2); every action is a plain form, so it works without JavaScript. */
export function UsersTable({ users, me, version }: { users: UserListItem[]; me: string; version: number }) {
  const { i18n, t } = useLingui();
  const columns = [t`Name`, t`Email`, t`Organization`, t`Role`, t`Status`, t`Created`, { label: t`Actions`, actions: true }];
  return (
    <AdminTable label={t`Users table`} columns={columns}>
      {users.map((u) => (
        <tr key={u.id}>
          <td className={`${cellClass} font-medium`}>{u.name ?? "—"}</td>
          <td className={`${cellClass} [overflow-wrap:anywhere]`}>{u.email}</td>
          <td className={cellClass}>{u.organization ?? "—"}</td>
          <td className={cellClass}>
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">{t(ROLE_LABELS[u.role])}</span>
          </td>
          <td className={cellClass}>
            <StatusBadges active={u.active} invited={u.invited} />
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>{formatLongDate(u.createdAt, i18n)}</td>
          <ActionsCell>
            {/* The status button and the role picker wrap onto two lines before either is squeezed. */}
            <div className="flex flex-wrap items-center gap-2">
              {u.id === me ? (
                <span className="px-3 text-xs text-slate-600">
                  <Trans>You</Trans>
                </span>
              ) : (
                <StatusForm user={u} />
              )}
              <RoleForm user={u} version={version} />
              {u.id !== me && u.active && !u.invited ? <ResetLink user={u} /> : null}
            </div>
          </ActionsCell>
        </tr>
      ))}
    </AdminTable>
  );
}

function StatusBadges({ active, invited }: { active: boolean; invited: boolean }) {
  const { t } = useLingui();
  return (
    <span className="flex flex-wrap gap-1">
      <StatePill on={active} labels={[t`Active`, t`Inactive`]} />
      {invited ? (
        <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
          <Trans>Invitation pending</Trans>
        </span>
      ) : null}
    </span>
  );
}

/** Sends the wanted state, not a toggle, so a double submit cannot undo itself. */
function StatusForm({ user }: { user: UserListItem }) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("userId") === user.id && navigation.formData?.get("intent") === "status";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="active" value={user.active ? "0" : "1"} />
      <button type="submit" className={buttonClass.secondary} disabled={busy}>
        {user.active ? t`Deactivate` : t`Activate`}
        <span className="sr-only"> {user.email}</span>
      </button>
    </Form>
  );
}

function RoleForm({ user, version }: { user: UserListItem; version: number }) {
  const { t } = useLingui();
  const id = `role-${user.id}`;
  const email = user.email;
  return (
    <Form method="post" className="flex shrink-0 items-center gap-1">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={user.id} />
      <label htmlFor={id} className="sr-only">
        <Trans>Role for {email}</Trans>
      </label>
      {/* a new key after each action: a refused change shows the stored role again */}
      <select
        key={`${user.role}-${version}`}
        id={id}
        name="role"
        defaultValue={user.role}
        className={`${inputClass} w-auto min-w-[6.5rem] py-1.5`}
      >
        {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
          <option key={r} value={r}>
            {t(ROLE_LABELS[r])}
          </option>
        ))}
      </select>
      <button type="submit" className={`${buttonClass.ghost} whitespace-nowrap`}>
        <Trans>
          Change role<span className="sr-only"> of {email}</span>
        </Trans>
      </button>
    </Form>
  );
}

/** To the confirmation page that makes a one-time reset link (an invited account gets a new invitation instead). */
function ResetLink({ user }: { user: UserListItem }) {
  const email = user.email;
  return (
    <Link to={`/admin/users/${user.id}/reset-password`} className={`${buttonClass.ghost} whitespace-nowrap`}>
      <Trans>
        Reset password<span className="sr-only"> of {email}</span>
      </Trans>
    </Link>
  );
}
