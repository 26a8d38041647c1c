import { Copy, UserPlus } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { toast } from "sonner";
import { Alert } from "../ui/alert";
import { Field } from "../ui/field";
import { buttonClass, inputClass, labelClass } from "../ui/styles";
import { useHydrated } from "../ui/use-hydrated";
import type { ToastMessage } from "../ui/use-toast-message";
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
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const fields = result?.fields;
  const errors = result?.fieldErrors ?? {};
  return (
    <section aria-labelledby="invite-heading" className="mt-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="invite-heading" className="flex items-center gap-2 text-lg font-semibold">
        <UserPlus aria-hidden className="h-5 w-5" />
        Invite user
      </h2>
      {result ? (
        <div className="mt-4">
          <Alert tone={result.message.tone} title={result.message.title}>
            {result.message.description}
          </Alert>
        </div>
      ) : null}
      {result?.invitation ? <InvitationLink invitation={result.invitation} /> : null}
      {/* key: a successful invite empties the form */}
      <Form method="post" noValidate className="mt-4 grid gap-4 md:grid-cols-2" key={result?.invitation?.link ?? "invite"}>
        <input type="hidden" name="intent" value="invite" />
        <Field id="invite-email" name="email" label="Email" type="email" defaultValue={fields?.email} error={errors.email} />
        <Field id="invite-name" name="name" label="Name" defaultValue={fields?.name} />
        <Field id="invite-organization" name="organization" label="Organization" defaultValue={fields?.organization} />
        <div>
          <label htmlFor="invite-role" className={labelClass}>
            Role
          </label>
          <select id="invite-role" name="role" defaultValue={fields?.role || "editor"} className={`${inputClass} mt-1`}>
            {(Object.keys(ROLE_LABELS) as Role[]).map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-600">Admins manage everything; editors manage content; users have no admin access.</p>
        </div>
        <div className="md:col-span-2">
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            <UserPlus aria-hidden className="h-4 w-4" />
            {busy ? "Inviting..." : "Invite user"}
          </button>
        </div>
      </Form>
    </section>
  );
}

function InvitationLink({ invitation }: { invitation: NonNullable<InviteResult["invitation"]> }) {
  const hydrated = useHydrated();
  const expires = `${invitation.expiresAt.slice(0, 10)} ${invitation.expiresAt.slice(11, 16)} UTC`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invitation.link);
      toast.success("Link Copied");
    } catch {
      toast.error("Copy Failed", { description: "Please copy manually" });
    }
  };
  return (
    <div className="mt-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      <label htmlFor="invitation-link" className={labelClass}>
        Set-password link for {invitation.email}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="invitation-link"
          type="text"
          readOnly
          value={invitation.link}
          className={`${inputClass} font-mono text-xs`}
          onFocus={(e) => e.currentTarget.select()}
        />
        {hydrated ? (
          <button type="button" onClick={copy} className={buttonClass.secondary}>
            <Copy aria-hidden className="h-4 w-4" />
            Copy
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-xs text-slate-600">
        It works once and expires on {expires}. Anyone with the link can set the password, so send it only to this person.
      </p>
    </div>
  );
}
