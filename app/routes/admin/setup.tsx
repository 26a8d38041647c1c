import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ShieldCheck } from "lucide-react";
import { data, Form, redirect } from "react-router";
import { sessionCookie, sessionToken } from "~/.server/auth/guards";
import { newPasswordErrors } from "~/.server/auth/password-rules";
import { createSession } from "~/.server/auth/sessions";
import { completeSetup, isSetupTokenValid, SetupLinkInvalidError } from "~/.server/auth/setup";
import { app } from "~/.server/context";
import { flashCookie } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { isValidEmail, markLoggedIn, normaliseEmail, UserInputError } from "~/.server/users/users.service";
import { AuthCard } from "~/components/admin/auth-card";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/setup";

export const meta: Route.MetaFunction = () => [
  { title: pageI18n()._(msg`Create the first admin | Admin Portal`) },
  { name: "robots", content: "noindex" },
];

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  return { valid: token !== "" && (await isSetupTokenValid(app(), token)) };
}

type FieldErrors = Partial<Record<"email" | "password" | "confirm", string>>;

export async function action({ request }: Route.ActionArgs) {
  const ctx = app();
  const i18n = i18nFor(requestLanguage(request));
  const form = await request.formData();
  const email = normaliseEmail(String(form.get("email") ?? ""));
  const name = String(form.get("name") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  const fieldErrors: FieldErrors = newPasswordErrors(password, confirm);
  if (!isValidEmail(email)) fieldErrors.email = i18n._(msg`Please enter a valid email address`);
  if (Object.keys(fieldErrors).length) return data({ fieldErrors, error: null as string | null, email, name }, { status: 400 });

  const meta = requestMeta(request);
  try {
    const user = await completeSetup(ctx, tokenOf(request), { email, name, password }, meta);
    const session = await createSession(ctx, user.id, meta, sessionToken(request));
    await markLoggedIn(ctx, user.id);
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(session.token));
    headers.append(
      "Set-Cookie",
      flashCookie({
        tone: "success",
        title: i18n._(msg`Welcome to the admin portal`),
        description: i18n._(msg`Your admin account is ready.`),
      }),
    );
    throw redirect("/admin", { headers });
  } catch (error) {
    if (error instanceof SetupLinkInvalidError || error instanceof UserInputError) {
      return data({ fieldErrors: {} as FieldErrors, error: error.message, email, name }, { status: 400 });
    }
    throw error;
  }
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <AuthCard icon={ShieldCheck} title={t`Create the first admin account`}>
      {!loaderData.valid ? (
        <div className="mt-6">
          <Alert tone="error" title={t`This setup link cannot be used`}>
            <Trans>
              It is invalid, already used or expired, or an admin account exists. Restart the portal to print a new link, or run{" "}
              <code>npm run portal -- admin:create --email you@example.org</code>.
            </Trans>
          </Alert>
          <p className="mt-4 text-center text-sm">
            <a href="/admin" className="text-brand-700 hover:underline">
              <Trans>Go to sign in</Trans>
            </a>
          </p>
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          {actionData?.error ? (
            <Alert tone="error" title={t`Could not create the account`}>
              {actionData.error}
            </Alert>
          ) : null}
          <Field id="name" label={t`Name (optional)`} type="text" autoComplete="name" defaultValue={actionData?.name} />
          <Field
            id="email"
            label={t`Email`}
            type="email"
            autoComplete="username"
            defaultValue={actionData?.email}
            error={actionData?.fieldErrors.email}
          />
          <NewPasswordFields label={t`Password`} errors={actionData?.fieldErrors} />
          <button type="submit" className={`${buttonClass.primary} w-full`}>
            <Trans>Create admin account</Trans>
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
