import { Form, useNavigation } from "react-router";
import { formatLongDate } from "~/lib/format";
import { buttonClass, inputClass } from "../ui/styles";

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

export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", editor: "Editor", user: "User" };

const COLUMNS = ["Name", "Email", "Organization", "Role", "Status", "Created", "Actions"];

/** The Users table (admin-and-sharing section 2); every action is a plain form, so it works without JavaScript. */
export function UsersTable({ users, me, version }: { users: UserListItem[]; me: string; version: number }) {
  return (
    // relative: the buttons' screen-reader text (absolutely placed) stays inside the scrolling box.
    <div className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
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
          {users.map((u) => (
            <tr key={u.id}>
              <td className="px-3 py-2 font-medium">{u.name ?? "—"}</td>
              <td className="px-3 py-2">{u.email}</td>
              <td className="px-3 py-2">{u.organization ?? "—"}</td>
              <td className="px-3 py-2">
                <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">{ROLE_LABELS[u.role]}</span>
              </td>
              <td className="px-3 py-2">
                <StatusBadges active={u.active} invited={u.invited} />
              </td>
              <td className="whitespace-nowrap px-3 py-2">{formatLongDate(u.createdAt)}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap items-center gap-2">
                  {u.id === me ? <span className="px-3 text-xs text-slate-600">You</span> : <StatusForm user={u} />}
                  <RoleForm user={u} version={version} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatusBadges({ active, invited }: { active: boolean; invited: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${active ? "bg-green-100 text-green-800" : "bg-slate-200 text-slate-800"}`}
      >
        {active ? "Active" : "Inactive"}
      </span>
      {invited ? (
        <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
          Invitation pending
        </span>
      ) : null}
    </span>
  );
}

/** Sends the wanted state, not a toggle, so a double submit cannot undo itself. */
function StatusForm({ user }: { user: UserListItem }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("userId") === user.id && navigation.formData?.get("intent") === "status";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="active" value={user.active ? "0" : "1"} />
      <button type="submit" className={buttonClass.secondary} disabled={busy}>
        {user.active ? "Deactivate" : "Activate"}
        <span className="sr-only"> {user.email}</span>
      </button>
    </Form>
  );
}

function RoleForm({ user, version }: { user: UserListItem; version: number }) {
  const id = `role-${user.id}`;
  return (
    <Form method="post" className="flex items-center gap-1">
      <input type="hidden" name="intent" value="role" />
      <input type="hidden" name="userId" value={user.id} />
      <label htmlFor={id} className="sr-only">
        Role for {user.email}
      </label>
      {/* a new key after each action: a refused change shows the stored role again */}
      <select key={`${user.role}-${version}`} id={id} name="role" defaultValue={user.role} className={`${inputClass} w-auto py-1.5`}>
        {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass.ghost}>
        Change role<span className="sr-only"> of {user.email}</span>
      </button>
    </Form>
  );
}
