import { Trans, useLingui } from "@lingui/react/macro";
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

/** Signed-in browsers, with Revoke (a POST form, so it works without JavaScript). */
export function ActiveSessions({ sessions }: { sessions: ActiveSessionItem[] }) {
  const { t } = useLingui();
  const count = sessions.length;
  const columns = [
    t`User`,
    t`Role`,
    t`Signed in`,
    t`Last seen`,
    t`Expires`,
    t`IP address`,
    t`Browser`,
    { label: t`Actions`, actions: true },
  ];
  return (
    <section aria-labelledby="sessions-heading" className="mt-6">
      <h2 id="sessions-heading" className="text-lg font-semibold">
        <Trans>Active sessions ({count})</Trans>
      </h2>
      {sessions.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          <Trans>No active sessions</Trans>
        </p>
      ) : (
        <AdminTable label={t`Active sessions table`} columns={columns}>
          {sessions.map((s) => (
            <SessionRow key={s.id} s={s} />
          ))}
        </AdminTable>
      )}
    </section>
  );
}

function SessionRow({ s }: { s: ActiveSessionItem }) {
  const { t } = useLingui();
  const email = s.email;
  return (
    <tr>
      <td className="px-3 py-2">
        {s.email}
        {s.current ? (
          <span className="ml-2 whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
            <Trans>This session</Trans>
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2">{t(ROLE_LABELS[s.role])}</td>
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
            <Trans>Revoke</Trans>
            <span className="sr-only"> {s.current ? t`session of ${email} (this session: signs you out)` : t`session of ${email}`}</span>
          </button>
        </Form>
      </ActionsCell>
    </tr>
  );
}
