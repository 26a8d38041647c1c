import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Download } from "lucide-react";
import { ADMIN_ONLY, requireUser } from "~/.server/auth/guards";
import { pgDumpCommand } from "~/.server/backup/backup.service";
import { app } from "~/.server/context";
import { databaseOverview } from "~/.server/system/system.service";
import { UtcTime } from "~/components/admin/utc-time";
import { buttonClass } from "~/components/ui/styles";
import { formatBytes } from "~/lib/format";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/database";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Database | Admin Portal`) }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, ADMIN_ONLY);
  const ctx = app();
  const overview = await databaseOverview(ctx);
  return { ...overview, pgDump: ctx.db.engine === "postgres" ? pgDumpCommand(ctx.now()) : null };
}

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Backup({ pgDump }: { pgDump: string | null }) {
  const { t } = useLingui();
  if (pgDump) {
    return (
      <Card id="backup-heading" title={t`Backup`}>
        <p className="mt-2 text-sm">
          <Trans>
            PostgreSQL backups are taken with <code>pg_dump</code> on a machine that can reach the database, with the same connection string
            as the portal:
          </Trans>
        </p>
        <pre className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-sm text-slate-50" tabIndex={0}>
          <code>{pgDump}</code>
        </pre>
        <p className="mt-2 text-sm text-slate-700">
          <Trans>Uploaded files are kept in the file storage, not in the database: back that up too.</Trans>
        </p>
      </Card>
    );
  }
  return (
    <Card id="backup-heading" title={t`Backup`}>
      <p className="mt-2 text-sm">
        <Trans>
          Downloads a consistent copy of the database, taken while the portal keeps running. Uploaded files are kept apart, in the file
          storage: back that up too.
        </Trans>
      </p>
      {/* A plain form: the answer is a file download, not a page. */}
      <form method="post" action="/admin/database/backup" className="mt-3">
        <button type="submit" className={buttonClass.primary}>
          <Download aria-hidden className="h-4 w-4" />
          <Trans>Download backup</Trans>
        </button>
      </form>
    </Card>
  );
}

export default function AdminDatabase({ loaderData }: Route.ComponentProps) {
  const { i18n, t } = useLingui();
  const { engine, sizeBytes, tables, migrations, pgDump } = loaderData;
  const size = formatBytes(sizeBytes, i18n);
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Database</Trans>
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>
          {engine}, {size} on disk.
        </Trans>
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card id="tables-heading" title={t`Tables`}>
          <table className="mt-3 min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  <Trans>Table</Trans>
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  <Trans>Rows</Trans>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {tables.map((t) => (
                <tr key={t.name}>
                  <th scope="row" className="px-3 py-1.5 text-left font-mono text-xs font-normal">
                    {t.name}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{t.rows}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
        <div className="min-w-0 space-y-6">
          <Card id="migrations-heading" title={t`Migrations`}>
            <ul className="mt-3 divide-y divide-slate-100 text-sm">
              {migrations.map((m) => (
                <li key={m.name} className="flex flex-wrap justify-between gap-2 py-1.5">
                  <span className="font-mono text-xs">{m.name}</span>
                  {m.appliedAt ? (
                    <span>
                      <Trans>
                        applied <UtcTime iso={m.appliedAt} />
                      </Trans>
                    </span>
                  ) : (
                    <span className="font-semibold text-red-700">
                      <Trans>pending</Trans>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </Card>
          <Backup pgDump={pgDump} />
        </div>
      </div>
    </>
  );
}
