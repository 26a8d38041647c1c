import { redirect } from "react-router";
import { localPath } from "~/.server/http/redirects";
import { sideMenuCookie } from "~/lib/side-menu";
import type { Route } from "./+types/preferences-side-menu";

/** The side menu's toggle without JavaScript: remember the choice, go back (to a page of this site only). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  throw redirect(localPath(form.get("redirectTo"), "/documents"), {
    headers: { "Set-Cookie": sideMenuCookie(form.get("open") === "true") },
  });
}
