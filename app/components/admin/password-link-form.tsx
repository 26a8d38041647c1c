import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Alert } from "../ui/alert";
import { buttonClass } from "../ui/styles";
import { AuthCard } from "./auth-card";
import { NewPasswordFields } from "./new-password-fields";

export interface PasswordLinkResult {
  fieldErrors: { password?: string; confirm?: string };
  error: string | null;
  /** The password is set, for an account without admin access (no sign-in follows). */
  ready: boolean;
}

/**
 * The page a one-time password link opens (invitation or reset): the new password form for the
 * link's account, or why the link cannot be used, or that the account is ready.
 */
export function PasswordLinkForm({
  title,
  submit,
  account,
  result,
}: {
  /** Translated by the page, like `submit`. */
  title: string;
  submit: string;
  account: { email: string } | null;
  result: PasswordLinkResult | undefined;
}) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const email = account?.email;
  return (
    <AuthCard icon={KeyRound} title={title}>
      {result?.ready ? (
        <div className="mt-6 space-y-4">
          <Alert tone="success" title={t`Your password is set`}>
            <Trans>Your account is ready, but it has no access to the admin portal.</Trans>
          </Alert>
          <BackToPortal />
        </div>
      ) : !account ? (
        <div className="mt-6 space-y-4">
          <Alert tone="error" title={t`This link cannot be used`}>
            <Trans>It is invalid, already used or expired. Ask an administrator for a new one.</Trans>
          </Alert>
          <BackToPortal />
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <p className="text-center text-sm text-slate-600">
            <Trans>
              For <strong className="text-slate-900">{email}</strong>
            </Trans>
          </p>
          {result?.error ? (
            <Alert tone="error" title={t`This link cannot be used`}>
              {result.error}
            </Alert>
          ) : null}
          <NewPasswordFields errors={result?.fieldErrors} />
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
            {busy ? t`Saving...` : submit}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}

function BackToPortal() {
  return (
    <p className="text-center text-sm">
      <a href="/" className="text-brand-700 hover:underline">
        <Trans>Back to Portal</Trans>
      </a>
    </p>
  );
}
