import { msg } from "@lingui/core/macro";
import { data, redirect } from "react-router";
import type { RequestMeta } from "../activity/activity.service";
import { sessionCookie, sessionToken } from "../auth/guards";
import { newPasswordErrors } from "../auth/password-rules";
import { SetPasswordLinkInvalidError } from "../auth/set-password";
import { type AppContext, app } from "../context";
import { serverI18n } from "../i18n/i18n";
import { UserInputError } from "../users/users.service";
import { flashCookie } from "./flash";
import { requestMeta } from "./request-meta";

export type PasswordLinkFieldErrors = Partial<Record<"password" | "confirm", string>>;

/** Sets the password with the link's token; a session when the account may use the admin portal. */
type Complete = (
  ctx: AppContext,
  token: string,
  password: string,
  meta: RequestMeta,
  replacing: string | null,
) => Promise<{ session: { token: string } | null }>;

/** The link's token, from the page's own address. */
export function linkToken(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

/**
 * The action of a page opened from a one-time password link (an invitation's set-password link, a
 * reset link): checks the new password and its confirmation, uses the link, and signs a staff
 * member in (redirect to /admin with a welcome) or says the account is ready. A refused password
 * or an unusable link re-renders the form with the message.
 */
export async function passwordLinkAction(request: Request, complete: Complete, done: string) {
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  const fieldErrors: PasswordLinkFieldErrors = newPasswordErrors(password, confirm);
  if (fieldErrors.password || fieldErrors.confirm) return data({ fieldErrors, error: null, ready: false }, { status: 400 });

  try {
    const { session } = await complete(app(), linkToken(request), password, requestMeta(request), sessionToken(request));
    if (!session) return { fieldErrors: {} as PasswordLinkFieldErrors, error: null, ready: true };
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(session.token));
    headers.append(
      "Set-Cookie",
      flashCookie({ tone: "success", title: serverI18n()._(msg`Welcome to the admin portal`), description: done }),
    );
    throw redirect("/admin", { headers });
  } catch (error) {
    if (error instanceof SetPasswordLinkInvalidError || error instanceof UserInputError) {
      return data({ fieldErrors: {} as PasswordLinkFieldErrors, error: error.message, ready: false }, { status: 400 });
    }
    throw error;
  }
}
