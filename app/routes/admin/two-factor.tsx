import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { data, Form, useNavigation } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { changeTwoFactor, confirmEnrolment, twoFactorStatus } from "~/.server/auth/two-factor/enrolment";
import { app } from "~/.server/context";
import { requestMeta } from "~/.server/http/request-meta";
import { keepHeaders } from "~/.server/http/response-headers";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { readSiteSettings } from "~/.server/settings/settings.service";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Two-factor sign-in | Admin Portal`) }];

export const headers = keepHeaders("Retry-After");

/** Every staff role sets up its own two-factor sign-in here (the header's "Two-factor sign-in"). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  const required = session.user.role === "admin" && (await readSiteSettings(app())).requireTwoFactorForAdmins;
  return { email: session.user.email, required, status: await twoFactorStatus(app(), session.user) };
}

/** What a finished change says, in the request's language. */
function done(intent: "enable" | "disable" | "regenerate", i18n: I18n): { title: string; description: string } {
  if (intent === "enable")
    return {
      title: i18n._(msg`Two-factor sign-in is on`),
      description: i18n._(msg`From now on, signing in asks for a code from your app.`),
    };
  if (intent === "disable")
    return { title: i18n._(msg`Two-factor sign-in is off`), description: i18n._(msg`Signing in asks for your password only.`) };
  return { title: i18n._(msg`New recovery codes`), description: i18n._(msg`The earlier recovery codes no longer work.`) };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const code = String(form.get("code") ?? "");
  const meta = requestMeta(request);
  if (intent !== "enable" && intent !== "disable" && intent !== "regenerate") throw data("Unknown action", { status: 400 });
  const result =
    intent === "enable"
      ? await confirmEnrolment(app(), session, code, meta)
      : await changeTwoFactor(app(), session, intent, { password: String(form.get("password") ?? ""), code }, meta);
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return data({ ok: false as const, intent, fieldErrors: result.fieldErrors, error: result.error }, { status: result.status, headers });
  }
  return { ok: true as const, intent, recoveryCodes: result.recoveryCodes, done: done(intent, i18nFor(requestLanguage(request))) };
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { status, email } = loaderData;
  const message = useMemo<ToastMessage | null>(() => {
    if (!actionData) return null;
    if (actionData.ok) return { tone: "success", ...actionData.done };
    return actionData.error ? { tone: "error", ...actionData.error } : null;
  }, [actionData]);
  useToastMessage(message);
  const errorsFor = (intent: string) => (actionData && !actionData.ok && actionData.intent === intent ? actionData.fieldErrors : {});
  return (
    <>
      <h1 className="text-2xl font-bold">
        <Trans>Two-factor sign-in</Trans>
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        <Trans>
          For <strong className="text-slate-900">{email}</strong>. With it on, signing in asks for your password and a code from an
          authenticator app on your phone.
        </Trans>
      </p>
      {loaderData.required && !status.enabled ? (
        <div className="mt-4 max-w-xl">
          <Alert tone="error" title={t`Two-factor sign-in is required`}>
            <Trans>Administrators must set up two-factor sign-in before using the admin portal.</Trans>
          </Alert>
        </div>
      ) : null}
      {message ? (
        <div className="mt-4 max-w-xl">
          <Alert tone={message.tone} title={message.title}>
            {message.description}
          </Alert>
        </div>
      ) : null}
      {actionData?.ok && actionData.recoveryCodes ? <RecoveryCodes codes={actionData.recoveryCodes} /> : null}
      {status.enabled ? (
        <Enabled left={status.recoveryCodesLeft} errorsFor={errorsFor} />
      ) : (
        <Setup setup={status.setup} errors={errorsFor("enable")} />
      )}
    </>
  );
}

type Errors = { code?: string; password?: string };

function Setup({ setup, errors }: { setup: { manualKey: string; qrSvg: string }; errors: Errors }) {
  const { t } = useLingui();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="mt-6 max-w-xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">
        <Trans>Set up</Trans>
      </h2>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
        <li>
          <Trans>Open an authenticator app on your phone and add an account.</Trans>
        </li>
        <li>
          <Trans>Scan this QR code, or type the key below into the app.</Trans>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app then shows.</Trans>
        </li>
      </ol>
      {/* The server's own SVG markup (no script, no link), built from the key alone. */}
      <div
        role="img"
        aria-label={t`QR code for your authenticator app`}
        className="mt-4 h-48 w-48 max-w-full border border-slate-200 bg-white"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: markup made on the server by the QR library from our own key
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <p className="mt-4 text-sm">
        <Trans>Key for typing in:</Trans>
      </p>
      <p className="mt-1 break-all font-mono text-base" data-testid="two-factor-key">
        {setup.manualKey}
      </p>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value="enable" />
        <Field id="code" label={t`Code from the app`} inputMode="numeric" autoComplete="one-time-code" required error={errors.code} />
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? t`Checking...` : t`Turn on two-factor sign-in`}
        </button>
      </Form>
    </section>
  );
}

function Enabled({ left, errorsFor }: { left: number; errorsFor: (intent: string) => Errors }) {
  const { t } = useLingui();
  return (
    <>
      <p className="mt-6 text-sm">
        <Trans>
          Two-factor sign-in is <strong>on</strong>. Recovery codes left: <strong>{left}</strong>.
        </Trans>
      </p>
      <OwnerForm intent="regenerate" title={t`New recovery codes`} button={t`Make new recovery codes`} errors={errorsFor("regenerate")} />
      <OwnerForm intent="disable" title={t`Turn off`} button={t`Turn off two-factor sign-in`} errors={errorsFor("disable")} />
    </>
  );
}

/** Turning off and new codes both ask for the password and a code, so an unattended session cannot do either. */
function OwnerForm({ intent, title, button, errors }: { intent: string; title: string; button: string; errors: Errors }) {
  const { t } = useLingui();
  return (
    <section className="mt-6 max-w-xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      <Form method="post" className="mt-3 space-y-4" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <Field
          id={`${intent}-password`}
          name="password"
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <Field
          id={`${intent}-code`}
          name="code"
          label={t`Code from the app, or a recovery code`}
          autoComplete="one-time-code"
          required
          error={errors.code}
        />
        <button type="submit" className={intent === "disable" ? buttonClass.secondary : buttonClass.primary}>
          {button}
        </button>
      </Form>
    </section>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className="mt-6 max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-4" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="text-lg font-semibold">
        <Trans>Your recovery codes</Trans>
      </h2>
      <p className="mt-1 text-sm">
        <Trans>
          Each works once, instead of a code from the app, if you lose your phone. Keep them somewhere safe: they are shown only now.
        </Trans>
      </p>
      <ul className="mt-3 grid grid-cols-1 gap-1 font-mono text-base sm:grid-cols-2" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
