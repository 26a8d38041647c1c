import { Trans, useLingui } from "@lingui/react/macro";
import { Eye, EyeOff, Loader2, Lock } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { AuthCard } from "~/components/admin/auth-card";
import { Alert } from "../ui/alert";
import { Field } from "../ui/field";
import { buttonClass } from "../ui/styles";

export interface SignInFormProps {
  redirectTo: string;
  email?: string;
  fieldErrors?: { email?: string; password?: string };
  error?: { title: string; description: string } | null;
}

/** The admin sign-in form (admin-and-sharing section 2); works without JavaScript. */
export function SignInForm({ redirectTo, email, fieldErrors, error }: SignInFormProps) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/admin/login");
  const [showPassword, setShowPassword] = useState(false);
  // The show/hide toggle needs JavaScript, so it appears only once the page is interactive. Until
  // then the field gets null rather than no control, so the password box stays the same element
  // and keeps what was typed into it early (on a slow phone, or a loaded test machine).
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  return (
    <AuthCard icon={Lock} title={t`Admin Portal`} subtitle={t`Sign in to manage the CCCM Somalia portal`} narrow>
      <Form method="post" action={`/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`} className="mt-6 space-y-4" noValidate>
        {error ? (
          <Alert tone="error" title={error.title}>
            {error.description}
          </Alert>
        ) : null}
        <Field id="email" label={t`Email`} type="email" autoComplete="username" required defaultValue={email} error={fieldErrors?.email} />
        <Field
          id="password"
          label={t`Password`}
          type={showPassword ? "text" : "password"}
          autoComplete="current-password"
          required
          error={fieldErrors?.password}
          trailing={
            interactive ? (
              <button
                type="button"
                onClick={() => setShowPassword((s) => !s)}
                className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-600 hover:text-slate-900"
                aria-label={showPassword ? t`Hide password` : t`Show password`}
                aria-pressed={showPassword}
              >
                {showPassword ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
              </button>
            ) : null
          }
        />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
          {busy ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : null}
          {busy ? t`Signing in...` : t`Sign In`}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <a href="/" className="text-brand-700 hover:underline">
          <Trans>Back to Portal</Trans>
        </a>
      </p>
    </AuthCard>
  );
}
