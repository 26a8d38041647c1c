import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { completePasswordReset, passwordResetAccount } from "~/.server/auth/password-reset";
import { app } from "~/.server/context";
import { linkToken, passwordLinkAction } from "~/.server/http/password-link-action";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { PasswordLinkForm } from "~/components/admin/password-link-form";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: pageI18n()._(msg`Reset your password | Admin Portal`) },
  { name: "robots", content: "noindex" },
];

/** The page a one-time reset link opens (an admin made it, valid 1 hour): a new password, and every session ends. */
export async function loader({ request }: Route.LoaderArgs) {
  const account = await passwordResetAccount(app(), linkToken(request));
  return { account: account ? { email: account.email } : null };
}

export async function action({ request }: Route.ActionArgs) {
  return passwordLinkAction(
    request,
    completePasswordReset,
    i18nFor(requestLanguage(request))._(msg`Your password is changed; any other session of your account has ended.`),
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  return <PasswordLinkForm title={t`Reset your password`} submit={t`Change password`} account={loaderData.account} result={actionData} />;
}
