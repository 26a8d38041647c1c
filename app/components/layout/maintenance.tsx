import { Trans, useLingui } from "@lingui/react/macro";
import { Wrench } from "lucide";
import { LineIcon } from "~/components/ui/line-icon";
import { MAINTENANCE_MESSAGE_TEXT, MAINTENANCE_TITLE_TEXT } from "~/lib/site-settings";

/** What visitors get while maintenance mode is on (HTTP 503 with Retry-After; the admin portal keeps working). */
export function MaintenancePage({ siteName }: { siteName: string }) {
  const { t } = useLingui();
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <LineIcon name="wrench" icon={Wrench} className="h-12 w-12 text-brand-700" />
      <p className="mt-4 font-semibold text-brand-800">{siteName}</p>
      <h1 className="mt-2 text-2xl font-semibold">{t(MAINTENANCE_TITLE_TEXT)}</h1>
      <p className="mt-2 text-slate-700">{t(MAINTENANCE_MESSAGE_TEXT)}</p>
      <a href="/admin" className="mt-8 text-sm text-slate-600 underline hover:text-brand-700">
        <Trans>Admin Portal</Trans>
      </a>
    </main>
  );
}

/** Shown to signed-in staff on the public pages while visitors get the maintenance page. */
export function MaintenanceNotice() {
  return (
    <div role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      <Trans>Maintenance mode is on: visitors see the maintenance page; you see the site because you are signed in as staff.</Trans>{" "}
      <a href="/admin/settings" className="font-medium underline">
        <Trans>Settings</Trans>
      </a>
    </div>
  );
}
