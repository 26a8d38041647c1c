import { msg } from "@lingui/core/macro";
import { data, Outlet } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { readFlash } from "~/.server/http/flash";
import { AdminShell } from "~/components/admin/admin-shell";
import { RowDialogToasts } from "~/components/admin/content/action-result";
import { SessionMonitor } from "~/components/admin/session-monitor";
import { useToastMessage } from "~/components/ui/use-toast-message";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: pageI18n()._(msg`Admin Portal | CCCM Somalia`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const flash = readFlash(request);
  return data(
    { user: { email: session.user.email, role: session.user.role }, flash: flash.message },
    flash.clearCookie ? { headers: { "Set-Cookie": flash.clearCookie } } : undefined,
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  useToastMessage(loaderData.flash);
  return (
    // The admin icons are in the page's sprite (ui/page-sprite.tsx), which every hydrated page carries.
    <AdminShell user={loaderData.user}>
      <SessionMonitor />
      <RowDialogToasts />
      <Outlet />
    </AdminShell>
  );
}
