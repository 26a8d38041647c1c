import { redirect } from "react-router";
import { localPath, refererPath } from "~/.server/http/redirects";
import { dataSaverCookie } from "~/lib/data-saver";
import type { Route } from "./+types/preferences-data-saver";

/**
 * The data-saver switch without JavaScript: remember the choice, go back (to a page of this site
 * only). The switch's form names no page (it is on every page, "not found" ones included, whose
 * address may be a draft's): the page is its Referer, or `redirectTo` when a form gives one.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  throw redirect(localPath(form.get("redirectTo"), refererPath(request) ?? "/"), {
    headers: { "Set-Cookie": dataSaverCookie(form.get("on") === "true") },
  });
}
