import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { ADMIN_ONLY, requireUser } from "~/.server/auth/guards";
import { issuePasswordResetLink, PASSWORD_RESET_TOKEN_TTL_MS } from "~/.server/auth/password-reset";
import { app } from "~/.server/context";
import { siteOrigin } from "~/.server/http/origins";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { AccountRuleError, findUserById } from "~/.server/users/users.service";
import { OneTimeLink } from "~/components/admin/one-time-link";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/styles";
import { useToastMessage } from "~/components/ui/use-toast-message";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/user-reset-link";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Reset password | Admin Portal`) }];

/** Admins only: asks before making a one-time reset link for an account, then shows it to copy and send. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request, ADMIN_ONLY);
  const user = await findUserById(app(), params.id);
  if (!user) throw data(i18nFor(requestLanguage(request))._(msg`User not found`), { status: 404 });
  return { user: { id: user.id, email: user.email, name: user.name }, validHours: PASSWORD_RESET_TOKEN_TTL_MS / 3_600_000 };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireUser(request, ADMIN_ONLY);
  const ctx = app();
  const i18n = i18nFor(requestLanguage(request));
  try {
    const reset = await issuePasswordResetLink(ctx, { kind: "admin", user: session.user }, params.id, requestMeta(request));
    const link = {
      email: reset.user.email,
      link: `${siteOrigin(ctx.config, request)}${reset.path}`,
      expiresAt: reset.expiresAt.toISOString(),
    };
    const email = reset.user.email;
    const message = {
      tone: "success" as const,
      title: i18n._(msg`Reset link created`),
      description: i18n._(msg`Send the link below to ${email}.`),
    };
    return { message, link };
  } catch (error) {
    if (error instanceof AccountRuleError) {
      return data(
        { message: { tone: "error" as const, title: i18n._(msg`Reset failed`), description: error.message }, link: null },
        { status: 409 },
      );
    }
    throw error;
  }
}

export default function UserResetLink({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  useToastMessage(actionData?.message);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { user, validHours } = loaderData;
  const who = user.name ? `${user.name} (${user.email})` : user.email;
  const linkEmail = actionData?.link?.email;
  return (
    <section className="max-w-2xl">
      <h1 className="flex items-center gap-2 text-2xl font-bold">
        <KeyRound aria-hidden className="h-6 w-6" />
        <Trans>Reset password</Trans>
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
          label={t`Password reset link for ${linkEmail}`}
          link={actionData.link.link}
          expiresAt={actionData.link.expiresAt}
        />
      ) : (
        <Form method="post" className="mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <p>
            <Trans>
              Create a password reset link for <strong>{who}</strong>?
            </Trans>
          </p>
          <p className="text-sm text-slate-600">
            <Trans>
              The link works once, for <Plural value={validHours} one="# hour" other="# hours" />. Their current password keeps working
              until it is used; then every session of the account ends. An earlier reset link for this account stops working.
            </Trans>
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {busy ? t`Creating...` : t`Create reset link`}
            </button>
            <Link to="/admin/users" className={buttonClass.secondary}>
              <Trans>Cancel</Trans>
            </Link>
          </div>
        </Form>
      )}
      {actionData ? (
        <p className="mt-4 text-sm">
          <Link to="/admin/users" className="text-brand-700 hover:underline">
            <Trans>Back to Users</Trans>
          </Link>
        </p>
      ) : null}
    </section>
  );
}
