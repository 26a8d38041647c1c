import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Loader2, Smartphone } from "lucide-react";
import { useMemo } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { getSession, sessionCookie, sessionToken } from "~/.server/auth/guards";
import { clearedSecondStepCookie, secondStepToken } from "~/.server/auth/two-factor/second-step-cookie";
import { finishSecondStep, SECOND_STEP_EXPIRED, secondStepUser } from "~/.server/auth/two-factor/sign-in-step";
import { app } from "~/.server/context";
import { flashCookie } from "~/.server/http/flash";
import { safeAdminRedirect } from "~/.server/http/redirects";
import { requestMeta } from "~/.server/http/request-meta";
import { keepHeaders } from "~/.server/http/response-headers";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { AuthCard } from "~/components/admin/auth-card";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/login-code";

export const meta: Route.MetaFunction = () => [
  { title: pageI18n()._(msg`Sign-in code | Admin Portal`) },
  { name: "robots", content: "noindex" },
];

export const headers = keepHeaders("Retry-After");

/** The second step of signing in, for accounts with two-factor sign-in; without a pending step, back to the password form. */
export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSession(request)) throw redirect(redirectTo);
  const user = await secondStepUser(app(), secondStepToken(request));
  if (!user)
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: { "Set-Cookie": clearedSecondStepCookie() } });
  return { redirectTo };
}

export async function action({ request }: Route.ActionArgs) {
  const i18n = i18nFor(requestLanguage(request));
  const redirectTo = safeAdminRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const code = String((await request.formData()).get("code") ?? "");
  if (!code.trim())
    return data({ fieldError: i18n._(msg`Enter the 6-digit code from your app or a recovery code`), error: null }, { status: 400 });
  const result = await finishSecondStep(app(), secondStepToken(request), code, requestMeta(request), sessionToken(request));
  if (result.ok === true) {
    const headers = new Headers();
    headers.append("Set-Cookie", clearedSecondStepCookie());
    headers.append("Set-Cookie", sessionCookie(result.token));
    headers.append("Set-Cookie", flashCookie({ tone: "success", title: i18n._(msg`Welcome to the admin portal`) }));
    throw redirect(redirectTo, { headers });
  }
  if (result.ok !== false) throw new Error("A second step cannot ask for another");
  if (result.title === SECOND_STEP_EXPIRED.title) {
    // Nothing left to enter a code for: back to the password, saying why.
    throw redirect(`/admin/login?step=expired&redirectTo=${encodeURIComponent(redirectTo)}`, {
      headers: { "Set-Cookie": clearedSecondStepCookie() },
    });
  }
  const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
  return data({ fieldError: null, error: { title: result.title, description: result.description } }, { status: result.status, headers });
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refusal = useMemo<ToastMessage | null>(() => (actionData?.error ? { tone: "error", ...actionData.error } : null), [actionData]);
  useToastMessage(refusal);
  return (
    <AuthCard icon={Smartphone} title={t`Two-factor sign-in`} subtitle={t`Enter the 6-digit code your authenticator app shows`} narrow>
      <Form
        method="post"
        action={`/admin/login/code?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}
        className="mt-6 space-y-4"
        noValidate
      >
        {actionData?.error ? (
          <Alert tone="error" title={actionData.error.title}>
            {actionData.error.description}
          </Alert>
        ) : null}
        {/* One field for both: six digits from the app, or a recovery code when the phone is lost. */}
        <Field
          id="code"
          label={t`Code`}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          hint={t`Lost your phone? Enter one of your recovery codes instead.`}
          error={actionData?.fieldError ?? undefined}
        />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {busy ? t`Checking...` : t`Verify`}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <a href="/admin/login" className="text-brand-700 hover:underline">
          <Trans>Back to sign-in</Trans>
        </a>
      </p>
    </AuthCard>
  );
}
