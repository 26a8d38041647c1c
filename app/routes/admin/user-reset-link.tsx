import { KeyRound } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { ADMIN_ONLY, requireUser } from "~/.server/auth/guards";
import { issuePasswordResetLink, PASSWORD_RESET_TOKEN_TTL_MS } from "~/.server/auth/password-reset";
import { app } from "~/.server/context";
import { siteOrigin } from "~/.server/http/origins";
import { requestMeta } from "~/.server/http/request-meta";
import { AccountRuleError, findUserById } from "~/.server/users/users.service";
import { OneTimeLink } from "~/components/admin/one-time-link";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/styles";
import { useToastMessage } from "~/components/ui/use-toast-message";
import type { Route } from "./+types/user-reset-link";

export const meta: Route.MetaFunction = () => [{ title: "Reset password | Admin Portal" }];

/** Admins only: asks before making a one-time reset link for an account, then shows it to copy and send. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, ADMIN_ONLY);
  const user = await findUserById(app(), params.id);
  if (!user) throw data("User not found", { status: 404 });
  return { user: { id: user.id, email: user.email, name: user.name }, validHours: PASSWORD_RESET_TOKEN_TTL_MS / 3_600_000 };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireUser(request, ADMIN_ONLY);
  const ctx = app();
  try {
    const reset = await issuePasswordResetLink(ctx, { kind: "admin", user: session.user }, params.id, requestMeta(request));
    const link = {
      email: reset.user.email,
      link: `${siteOrigin(ctx.config, request)}${reset.path}`,
      expiresAt: reset.expiresAt.toISOString(),
    };
    const message = { tone: "success" as const, title: "Reset link created", description: `Send the link below to ${reset.user.email}.` };
    return { message, link };
  } catch (error) {
    if (error instanceof AccountRuleError) {
      return data({ message: { tone: "error" as const, title: "Reset failed", description: error.message }, link: null }, { status: 409 });
    }
    throw error;
  }
}

export default function UserResetLink({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.message);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { user } = loaderData;
  const who = user.name ? `${user.name} (${user.email})` : user.email;
  return (
    <section className="max-w-2xl">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <KeyRound aria-hidden className="h-6 w-6" />
        Reset password
      </h1>
      {actionData ? (
        <div className="mt-4">
          <Alert tone={actionData.message.tone} title={actionData.message.title}>
            {actionData.message.description}
          </Alert>
        </div>
      ) : null}
      {actionData?.link ? (
        <OneTimeLink
          id="reset-link"
          label={`Password reset link for ${actionData.link.email}`}
          link={actionData.link.link}
          expiresAt={actionData.link.expiresAt}
        />
      ) : (
        <Form method="post" className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <p>
            Create a password reset link for <strong>{who}</strong>?
          </p>
          <p className="text-sm text-slate-600">
            The link works once, for {loaderData.validHours} hour. Their current password keeps working until it is used; then every session
            of the account ends. An earlier reset link for this account stops working.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {busy ? "Creating..." : "Create reset link"}
            </button>
            <Link to="/admin/users" className={buttonClass.secondary}>
              Cancel
            </Link>
          </div>
        </Form>
      )}
      {actionData ? (
        <p className="mt-4 text-sm">
          <Link to="/admin/users" className="text-brand-700 hover:underline">
            Back to Users
          </Link>
        </p>
      ) : null}
    </section>
  );
}
