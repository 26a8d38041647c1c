import { redirect } from "react-router";
import { logActivity } from "~/.server/activity/activity.service";
import { clearedSessionCookie, getSession } from "~/.server/auth/guards";
import { destroySession } from "~/.server/auth/sessions";
import { app } from "~/.server/context";
import { requestMeta } from "~/.server/http/request-meta";
import type { Route } from "./+types/logout";

/** POST only: a link or image cannot sign anyone out. */
export async function action({ request }: Route.ActionArgs) {
  const session = await getSession(request);
  if (session) {
    await destroySession(app(), session.id);
    await logActivity(app(), {
      action: "ADMIN_LOGOUT",
      entityType: "SECURITY",
      userId: session.user.id,
      details: { email: session.user.email },
      meta: requestMeta(request),
    });
  }
  throw redirect("/admin/login", { headers: { "Set-Cookie": clearedSessionCookie() } });
}

export function loader() {
  throw redirect("/admin");
}
