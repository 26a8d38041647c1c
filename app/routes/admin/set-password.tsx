import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { acceptInvitation, setPasswordAccount } from "~/.server/auth/set-password";
import { app } from "~/.server/context";
import { linkToken, passwordLinkAction } from "~/.server/http/password-link-action";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { PasswordLinkForm } from "~/components/admin/password-link-form";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/set-password";

export const meta: Route.MetaFunction = () => [
  { title: pageI18n()._(msg`Set your password | Admin Portal`) },
  { name: "robots", content: "noindex" },
];

/** An invited person's page, opened from their one-time set-password link. */
export async function loader({ request }: Route.LoaderArgs) {
  const account = await setPasswordAccount(app(), linkToken(request));
  return { account: account ? { email: account.email } : null };
}

export async function action({ request }: Route.ActionArgs) {
  return passwordLinkAction(request, acceptInvitation, i18nFor(requestLanguage(request))._(msg`Your password is set.`));
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  return <PasswordLinkForm title={t`Set your password`} submit={t`Set password`} account={loaderData.account} result={actionData} />;
}
