import { Trans, useLingui } from "@lingui/react/macro";
import { UserPlus } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Alert } from "../ui/alert";
import { Field } from "../ui/field";
import { buttonClass, inputClass, labelClass } from "../ui/styles";
import type { ToastMessage } from "../ui/use-toast-message";
import { OneTimeLink } from "./one-time-link";
import { ROLE_LABELS, type Role } from "./users-table";

export interface InviteResult {
  message: ToastMessage;
  fieldErrors: { email?: string; role?: string };
  fields: { email: string; name: string; organization: string; role: string } | null;
  invitation: { email: string; link: string; expiresAt: string } | null;
}

/**
 * Invites a person: the server creates the account without a password and
 * returns a one-time set-password link, which the admin copies and sends
 * (there is no mail server).
 */
export function InviteUserForm({ result }: { result: InviteResult | null }) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const fields = result?.fields;
  const errors = result?.fieldErrors ?? {};
  const invitation = result?.invitation;
  const invitedEmail = invitation?.email;
  return (
    <section aria-labelledby="invite-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="invite-heading" className="flex items-center gap-2 text-lg font-semibold">
        <UserPlus aria-hidden className="h-5 w-5" />
        <Trans>Invite user</Trans>
      </h2>
      {result ? (
        <div className="mt-4">
          <Alert tone={result.message.tone} title={result.message.title}>
            {result.message.description}
          </Alert>
        </div>
      ) : null}
      {invitation ? (
        <OneTimeLink
          id="invitation-link"
          label={t`Set-password link for ${invitedEmail}`}
          link={invitation.link}
          expiresAt={invitation.expiresAt}
        />
      ) : null}
      {/* key: a successful invite empties the form */}
      <Form method="post" noValidate className="mt-4 grid gap-4 md:grid-cols-2" key={result?.invitation?.link ?? "invite"}>
        <input type="hidden" name="intent" value="invite" />
        <Field id="invite-email" name="email" label={t`Email`} type="email" defaultValue={fields?.email} error={errors.email} />
        <Field id="invite-name" name="name" label={t`Name`} defaultValue={fields?.name} />
        <Field id="invite-organization" name="organization" label={t`Organization`} defaultValue={fields?.organization} />
        <div>
          <label htmlFor="invite-role" className={labelClass}>
            <Trans>Role</Trans>
          </label>
          <select id="invite-role" name="role" defaultValue={fields?.role || "editor"} className={`${inputClass} mt-1`}>
            {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
              <option key={r} value={r}>
                {t(ROLE_LABELS[r])}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-600">
            <Trans>Admins manage everything; editors manage content; users have no admin access.</Trans>
          </p>
        </div>
        <div className="md:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            <UserPlus aria-hidden className="h-4 w-4" />
            {busy ? t`Inviting...` : t`Invite user`}
          </button>
        </div>
      </Form>
    </section>
  );
}
