import { msg } from "@lingui/core/macro";
import { ADMIN_ONLY, requireApiUser } from "~/.server/auth/guards";
import { sqliteSnapshot } from "~/.server/backup/backup.service";
import { app } from "~/.server/context";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import type { Route } from "./+types/database-backup";

/**
 * POST /admin/database/backup: a consistent SQLite snapshot as portal-YYYYMMDD-HHMM.db, for
 * admins only. A POST, so no link prefetcher or crawler can start one. PostgreSQL has no download:
 * the Database page shows the pg_dump command instead.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireApiUser(request, ADMIN_ONLY);
  const ctx = app();
  if (ctx.db.engine !== "sqlite")
    return Response.json(
      { error: i18nFor(requestLanguage(request))._(msg`Backups of PostgreSQL are taken with pg_dump`) },
      { status: 409 },
    );
  const backup = await sqliteSnapshot(ctx, session.user, requestMeta(request));
  return new Response(backup.body, {
    headers: {
      "Content-Type": "application/vnd.sqlite3",
      "Content-Length": String(backup.size),
      "Content-Disposition": `attachment; filename="${backup.fileName}"`,
      "Cache-Control": "no-store, no-transform",
    },
  });
}

/** The download is a POST (it does work); a GET is told so. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireApiUser(request, ADMIN_ONLY);
  return new Response(i18nFor(requestLanguage(request))._(msg`Use the Download backup button on /admin/database`), {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain; charset=utf-8" },
  });
}
