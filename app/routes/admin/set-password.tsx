import { acceptInvitation, setPasswordAccount } from "~/.server/auth/set-password";
import { app } from "~/.server/context";
import { linkToken, passwordLinkAction } from "~/.server/http/password-link-action";
import { PasswordLinkForm } from "~/components/admin/password-link-form";
import type { Route } from "./+types/set-password";

export const meta: Route.MetaFunction = () => [{ title: "Set your password | Admin Portal" }, { name: "robots", content: "noindex" }];

/** An invited person's page, opened from their one-time set-password link. */
export async function loader({ request }: Route.LoaderArgs) {
  const account = await setPasswordAccount(app(), linkToken(request));
  return { account: account ? { email: account.email } : null };
}

export async function action({ request }: Route.ActionArgs) {
  return passwordLinkAction(request, acceptInvitation, "Your password is set.");
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return <PasswordLinkForm title="Set your password" submit="Set password" account={loaderData.account} result={actionData} />;
}
