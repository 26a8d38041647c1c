import { KeyRound } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { sessionCookie, sessionToken } from "~/.server/auth/guards";
import { MIN_PASSWORD_LENGTH } from "~/.server/auth/passwords";
import { acceptInvitation, SetPasswordLinkInvalidError, setPasswordAccount } from "~/.server/auth/set-password";
import { app } from "~/.server/context";
import { flashCookie } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { UserInputError } from "~/.server/users/users.service";
import { AuthCard } from "~/components/admin/auth-card";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
import type { Route } from "./+types/set-password";

export const meta: Route.MetaFunction = () => [{ title: "Set your password | Admin Portal" }, { name: "robots", content: "noindex" }];

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request }: Route.LoaderArgs) {
  const account = await setPasswordAccount(app(), tokenOf(request));
  return { account: account ? { email: account.email } : null };
}

type FieldErrors = Partial<Record<"password" | "confirm", string>>;

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  const fieldErrors: FieldErrors = {};
  if (password.length < MIN_PASSWORD_LENGTH) fieldErrors.password = "Password must be at least 6 characters";
  else if (password !== confirm) fieldErrors.confirm = "The passwords do not match";
  if (fieldErrors.password || fieldErrors.confirm) return data({ fieldErrors, error: null, ready: false }, { status: 400 });

  try {
    const { session } = await acceptInvitation(app(), tokenOf(request), password, requestMeta(request), sessionToken(request));
    if (!session) return { fieldErrors: {} as FieldErrors, error: null, ready: true };
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(session.token));
    headers.append(
      "Set-Cookie",
      flashCookie({ tone: "success", title: "Welcome to the admin portal", description: "Your password is set." }),
    );
    throw redirect("/admin", { headers });
  } catch (error) {
    if (error instanceof SetPasswordLinkInvalidError || error instanceof UserInputError) {
      return data({ fieldErrors: {} as FieldErrors, error: error.message, ready: false }, { status: 400 });
    }
    throw error;
  }
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AuthCard icon={KeyRound} title="Set your password">
      {actionData?.ready ? (
        <div className="mt-6 space-y-4">
          <Alert tone="success" title="Your password is set">
            Your account is ready, but it has no access to the admin portal.
          </Alert>
          <BackToPortal />
        </div>
      ) : !loaderData.account ? (
        <div className="mt-6 space-y-4">
          <Alert tone="error" title="This link cannot be used">
            It is invalid, already used or expired. Ask an administrator for a new one.
          </Alert>
          <BackToPortal />
        </div>
      ) : (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <p className="text-center text-sm text-slate-600">
            For <strong className="text-slate-900">{loaderData.account.email}</strong>
          </p>
          {actionData?.error ? (
            <Alert tone="error" title="This link cannot be used">
              {actionData.error}
            </Alert>
          ) : null}
          <PasswordField id="password" label="New password" hint="At least 6 characters" error={actionData?.fieldErrors.password} />
          <PasswordField id="confirm" label="Confirm password" error={actionData?.fieldErrors.confirm} />
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
            {busy ? "Saving..." : "Set password"}
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

function PasswordField(props: { id: string; label: string; hint?: string; error?: string }) {
  return <Field {...props} type="password" autoComplete="new-password" required minLength={MIN_PASSWORD} />;
}

// The client bundle cannot import the server's constant; the server re-checks anyway.
const MIN_PASSWORD = 6;
