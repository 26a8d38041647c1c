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
  title: string;
  submit: string;
  account: { email: string } | null;
  result: PasswordLinkResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AuthCard icon={KeyRound} title={title}>
      {result?.ready ? (
        <div className="mt-6 space-y-4">
          <Alert tone="success" title="Your password is set">
            Your account is ready, but it has no access to the admin portal.
          </Alert>
          <BackToPortal />
        </div>
      ) : !account ? (
        <div className="mt-6 space-y-4">
          <Alert tone="error" title="This link cannot be used">
            It is invalid, already used or expired. Ask an administrator for a new one.
          </Alert>
          <BackToPortal />
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <p className="text-center text-sm text-slate-600">
            For <strong className="text-slate-900">{account.email}</strong>
          </p>
          {result?.error ? (
            <Alert tone="error" title="This link cannot be used">
              {result.error}
            </Alert>
          ) : null}
          <NewPasswordFields errors={result?.fieldErrors} />
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
            {busy ? "Saving..." : submit}
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
        Back to Portal
      </a>
    </p>
  );
}
