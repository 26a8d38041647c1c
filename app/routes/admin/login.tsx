import { msg } from "@lingui/core/macro";
import { useMemo } from "react";
import { data, redirect } from "react-router";
import { getSession, sessionCookie, sessionToken } from "~/.server/auth/guards";
import { signIn } from "~/.server/auth/login";
import { SIGN_IN_MIN_PASSWORD_LENGTH } from "~/.server/auth/passwords";
import { secondStepCookie } from "~/.server/auth/two-factor/second-step-cookie";
import { SECOND_STEP_EXPIRED, startSecondStep } from "~/.server/auth/two-factor/sign-in-step";
import { app } from "~/.server/context";
import { flashCookie } from "~/.server/http/flash";
import { safeAdminRedirect } from "~/.server/http/redirects";
import { requestMeta } from "~/.server/http/request-meta";
import { keepHeaders } from "~/.server/http/response-headers";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { isValidEmail, normaliseEmail } from "~/.server/users/users.service";
import { SignInForm } from "~/components/admin/sign-in-form";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: pageI18n()._(msg`Sign in | Admin Portal`) },
  { name: "robots", content: "noindex" },
];

/** A refused sign-in's Retry-After (429) reaches the client. */
export const headers = keepHeaders("Retry-After");

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const redirectTo = safeAdminRedirect(params.get("redirectTo"));
  if (await getSession(request)) throw redirect(redirectTo);
  // Back from a two-factor step that expired or was finished elsewhere: say why the password is asked again.
  return { redirectTo, notice: params.get("step") === "expired" ? SECOND_STEP_EXPIRED : null };
}

export async function action({ request }: Route.ActionArgs) {
  const i18n = i18nFor(requestLanguage(request));
  const redirectTo = safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const form = await request.formData();
  const email = normaliseEmail(String(form.get("email") ?? ""));
  const password = String(form.get("password") ?? "");
  const fieldErrors: { email?: string; password?: string } = {};
  if (!isValidEmail(email)) fieldErrors.email = i18n._(msg`Please enter a valid email address`);
  if (password.length < SIGN_IN_MIN_PASSWORD_LENGTH) fieldErrors.password = i18n._(msg`Password must be at least 6 characters`);
  if (fieldErrors.email || fieldErrors.password) {
    return data({ email, fieldErrors, error: null }, { status: 400 });
  }
  const result = await signIn(app(), { email, password }, requestMeta(request), sessionToken(request));
  if (result.ok === "second-factor") {
    // No session yet: a five-minute token for the code step, in its own cookie.
    const step = await startSecondStep(app(), result.user.id);
    throw redirect(`/admin/login/code?redirectTo=${encodeURIComponent(redirectTo)}`, {
      headers: { "Set-Cookie": secondStepCookie(step.token) },
    });
  }
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return data(
      { email, fieldErrors: {}, error: { title: result.title, description: result.description } },
      { status: result.status, headers },
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(result.token));
  headers.append("Set-Cookie", flashCookie({ tone: "success", title: i18n._(msg`Welcome to the admin portal`) }));
  throw redirect(redirectTo, { headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  // One toast per refused sign-in: the message is made once per answer, not on every render (the
  // page renders again while the next attempt is sent, which used to show the last refusal again).
  const refusal = useMemo<ToastMessage | null>(() => (actionData?.error ? { tone: "error", ...actionData.error } : null), [actionData]);
  useToastMessage(refusal);
  return (
    <SignInForm
      redirectTo={loaderData.redirectTo}
      email={actionData?.email}
      fieldErrors={actionData?.fieldErrors}
      error={actionData ? actionData.error : loaderData.notice}
    />
  );
}
