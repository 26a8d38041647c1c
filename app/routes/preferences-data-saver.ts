import { redirect } from "react-router";
import { localPath } from "~/.server/http/redirects";
import { dataSaverCookie } from "~/lib/data-saver";
import type { Route } from "./+types/preferences-data-saver";

/** The data-saver switch without JavaScript: remember the choice, go back (to a page of this site only). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  throw redirect(localPath(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": dataSaverCookie(form.get("on") === "true") },
  });
}
