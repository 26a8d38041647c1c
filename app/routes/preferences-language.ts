import { redirect } from "react-router";
import { localPath, refererPath } from "~/.server/http/redirects";
import { isLanguage, languageCookie } from "~/lib/i18n/languages";
import type { Route } from "./+types/preferences-language";

/**
 * The language switch (issue 14, decision 0031): remember the reader's choice, and go back to the
 * page it was made on, query included (its Referer; a page of this site only). A plain form post,
 * with or without JavaScript: the page comes back whole in the other language. An unknown language
 * changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const back = localPath(form.get("redirectTo"), refererPath(request) ?? "/");
  if (!isLanguage(language)) throw redirect(back);
  throw redirect(back, { headers: { "Set-Cookie": languageCookie(language) } });
}
