import { completePasswordReset, passwordResetAccount } from "~/.server/auth/password-reset";
import { app } from "~/.server/context";
import { linkToken, passwordLinkAction } from "~/.server/http/password-link-action";
import { PasswordLinkForm } from "~/components/admin/password-link-form";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: "Reset your password | Admin Portal" }, { name: "robots", content: "noindex" }];

/** The page a one-time reset link opens (an admin made it, valid 1 hour): a new password, and every session ends. */
export async function loader({ request }: Route.LoaderArgs) {
  const account = await passwordResetAccount(app(), linkToken(request));
  return { account: account ? { email: account.email } : null };
}

export async function action({ request }: Route.ActionArgs) {
  return passwordLinkAction(request, completePasswordReset, "Your password is changed; any other session of your account has ended.");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <PasswordLinkForm title="Reset your password" submit="Change password" account={loaderData.account} result={actionData} />;
}
