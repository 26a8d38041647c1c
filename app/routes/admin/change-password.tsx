import { useMemo } from "react";
import { data, Form, useNavigation } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { changeOwnPassword } from "~/.server/auth/password-change";
import { app } from "~/.server/context";
import { requestMeta } from "~/.server/http/request-meta";
import { keepHeaders } from "~/.server/http/response-headers";
import { NewPasswordFields } from "~/components/admin/new-password-fields";
import { Alert } from "~/components/ui/alert";
import { Field } from "~/components/ui/field";
import { buttonClass } from "~/components/ui/styles";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import type { Route } from "./+types/change-password";

export const meta: Route.MetaFunction = () => [{ title: "Change password | Admin Portal" }];

/** A blocked change's Retry-After (429) reaches the client. */
export const headers = keepHeaders("Retry-After");

/** Every staff role changes its own password here (the header's "Change password"). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request);
  return { email: session.user.email };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const form = await request.formData();
  const input = {
    current: String(form.get("current") ?? ""),
    password: String(form.get("password") ?? ""),
    confirm: String(form.get("confirm") ?? ""),
  };
  const result = await changeOwnPassword(app(), session, input, requestMeta(request));
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return data({ ok: false as const, fieldErrors: result.fieldErrors, error: result.error }, { status: result.status, headers });
  }
  const others = result.endedSessions;
  const description =
    others === 0 ? "You stay signed in here." : `You stay signed in here; ${others} other session${others === 1 ? "" : "s"} ended.`;
  return { ok: true as const, fieldErrors: {}, error: null, description };
}

export default function ChangePassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const message = useMemo<ToastMessage | null>(() => {
    if (!actionData) return null;
    if (actionData.ok) return { tone: "success", title: "Password changed", description: actionData.description };
    return actionData.error ? { tone: "error", ...actionData.error } : null;
  }, [actionData]);
  useToastMessage(message);
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  return (
    <>
      <h1 className="text-2xl font-bold">Change password</h1>
      <p className="mt-1 text-sm text-slate-600">
        For <strong className="text-slate-900">{loaderData.email}</strong>. Your other sessions end when the password changes; this one
        stays.
      </p>
      <section className="mt-6 max-w-md rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        {message ? (
          <div className="mb-4">
            <Alert tone={message.tone} title={message.title}>
              {message.description}
            </Alert>
          </div>
        ) : null}
        {/* A fresh form after a change, so no password stays in the fields. */}
        <Form method="post" className="space-y-4" noValidate key={actionData?.ok ? "changed" : "form"}>
          <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
          <Field
            id="current"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={"current" in errors ? errors.current : undefined}
          />
          <NewPasswordFields errors={errors} />
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? "Saving..." : "Change password"}
          </button>
        </Form>
      </section>
    </>
  );
}
