import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { data, Form, useNavigation } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { changeOwnPassword } from "~/.server/auth/password-change";
import { app } from "~/.server/context";
import { requestMeta } from "~/.server/http/request-meta";
import { keepHeaders } from "~/.server/http/response-headers";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/change-password";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Change password | Admin Portal`) }];

/** A blocked change's Retry-After (429) reaches the client. */
export const headers = keepHeaders("Retry-After");

/** Every staff role changes its own password here (the header's "Change password"). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  return { email: session.user.email };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const form = await request.formData();
  const input = {
    current: String(form.get("current") ?? ""),
    password: String(form.get("password") ?? ""),
    confirm: String(form.get("confirm") ?? ""),
  };
  const result = await changeOwnPassword(app(), session, input, requestMeta(request));
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return data({ ok: false as const, fieldErrors: result.fieldErrors, error: result.error }, { status: result.status, headers });
  }
  const i18n = i18nFor(requestLanguage(request));
  const others = result.endedSessions;
  const description =
    others === 0
      ? i18n._(msg`You stay signed in here.`)
      : i18n._(msg`You stay signed in here; ${plural(others, { one: "# other session", other: "# other sessions" })} ended.`);
  return { ok: true as const, fieldErrors: {}, error: null, description, title: i18n._(msg`Password changed`) };
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const email = loaderData.email;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const message = useMemo<ToastMessage | null>(() => {
    if (!actionData) return null;
    if (actionData.ok) return { tone: "success", title: actionData.title, description: actionData.description };
    return actionData.error ? { tone: "error", ...actionData.error } : null;
  }, [actionData]);
  useToastMessage(message);
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Change password</Trans>
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        <Trans>
          For <strong className="text-slate-900">{email}</strong>. Your other sessions end when the password changes; this one stays.
        </Trans>
      </p>
      <section className="mt-6 max-w-md rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        {message ? (
          <div className="mb-4">
            <Alert tone={message.tone} title={message.title}>
              {message.description}
            </Alert>
          </div>
        ) : null}
        {/* A fresh form after a change, so no password stays in the fields. */}
        <Form method="post" className="space-y-4" noValidate key={actionData?.ok ? "changed" : "form"}>
          <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
          <Field
            id="current"
            label={t`Current password`}
            type="password"
            autoComplete="current-password"
            required
            error={"current" in errors ? errors.current : undefined}
          />
          <NewPasswordFields errors={errors} />
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? t`Saving...` : t`Change password`}
          </button>
        </Form>
      </section>
    </>
  );
}
