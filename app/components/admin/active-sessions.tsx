import { Form } from "react-router";
import { buttonClass } from "../ui/styles";
import { ActionsCell, AdminTable } from "./admin-table";
import { ROLE_LABELS, type Role } from "./users-table";
import { UtcTime } from "./utc-time";

export interface ActiveSessionItem {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  ip: string | null;
  userAgent: string | null;
  /** The session this page was loaded with. */
  current: boolean;
}

const COLUMNS = ["User", "Role", "Signed in", "Last seen", "Expires", "IP address", "Browser", { label: "Actions", actions: true }];

/** Signed-in browsers, with Revoke (a POST form, so it works without JavaScript). */
export function ActiveSessions({ sessions }: { sessions: ActiveSessionItem[] }) {
  return (
    <section aria-labelledby="sessions-heading" className="mt-6">
      <h2 id="sessions-heading" className="text-lg font-semibold">
        Active sessions ({sessions.length})
      </h2>
      {sessions.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No active sessions</p>
      ) : (
        <AdminTable label="Active sessions table" columns={COLUMNS}>
          {sessions.map((s) => (
            <tr key={s.id}>
              <td className="px-3 py-2">
                {s.email}
                {s.current ? (
                  <span className="ml-2 whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                    This session
                  </span>
                ) : null}
              </td>
              <td className="px-3 py-2">{ROLE_LABELS[s.role]}</td>
              <td className="px-3 py-2">
                <UtcTime iso={s.createdAt} />
              </td>
              <td className="px-3 py-2">
                <UtcTime iso={s.lastSeenAt} />
              </td>
              <td className="px-3 py-2">
                <UtcTime iso={s.expiresAt} />
              </td>
              <td className="px-3 py-2">{s.ip ?? "—"}</td>
              <td className="max-w-xs truncate px-3 py-2 text-slate-600" title={s.userAgent ?? undefined}>
                {s.userAgent ?? "—"}
              </td>
              <ActionsCell>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="sessionId" value={s.id} />
                  <button type="submit" className={buttonClass.secondary}>
                    Revoke
                    <span className="sr-only">
                      {" "}
                      session of {s.email}
                      {s.current ? " (this session: signs you out)" : ""}
                    </span>
                  </button>
                </Form>
              </ActionsCell>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
