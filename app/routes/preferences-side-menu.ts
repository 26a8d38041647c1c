import { redirect } from "react-router";
import { sideMenuCookie } from "~/lib/side-menu";
import type { Route } from "./+types/preferences-side-menu";

/** The side menu's toggle without JavaScript: remember the choice, go back. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const target = String(form.get("redirectTo") ?? "/documents");
  const safeTarget = target.startsWith("/") && !target.startsWith("//") ? target : "/documents";
  throw redirect(safeTarget, { headers: { "Set-Cookie": sideMenuCookie(form.get("open") === "true") } });
}
