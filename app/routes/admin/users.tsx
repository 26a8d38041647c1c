import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { data } from "react-router";
import { ADMIN_ONLY, requireUser } from "~/.server/auth/guards";
import type { ActiveSession } from "~/.server/auth/sessions";
import { app } from "~/.server/context";
import { siteOrigin } from "~/.server/http/origins";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { inviteUser } from "~/.server/users/invitations";
import {
  AccountRuleError,
  isRole,
  isValidEmail,
  listUsers,
  normaliseEmail,
  setUserActive,
  setUserRole,
  UserInputError,
} from "~/.server/users/users.service";
import { InviteUserForm } from "~/components/admin/invite-user-form";
import { RefreshUsersButton } from "~/components/admin/refresh-users-button";
import { UsersTable } from "~/components/admin/users-table";
import { Alert } from "~/components/ui/alert";
import { Pager } from "~/components/ui/pager";
import { type ToastMessage, useToastMessage } from "~/components/ui/use-toast-message";
import { pageI18n } from "~/lib/i18n/page-i18n";
import { pageHref, readPaging, TABLE_PER } from "~/lib/paging";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Users | Admin Portal`) }];

function loadFailed(i18n: I18n): ToastMessage {
  return { tone: "error", title: i18n._(msg`Error loading users`), description: i18n._(msg`Failed to load users`) };
}

/** One page of the accounts, newest first: 50 a page unless `?per=` says otherwise (`?page=`). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireUser(request, ADMIN_ONLY);
  const ctx = app();
  const wanted = readPaging(new URL(request.url).searchParams, TABLE_PER);
  try {
    const { items, ...paging } = await listUsers(ctx, wanted);
    const users = items.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      organization: u.organization,
      role: u.role,
      active: u.is_active === 1,
      invited: u.password_hash === null,
      createdAt: u.created_at,
    }));
    return { users, paging, me: session.user.id, loadError: null };
  } catch (error) {
    ctx.log.error({ err: error }, "loading users failed");
    return data(
      { users: [], paging: null, me: session.user.id, loadError: loadFailed(i18nFor(requestLanguage(request))) },
      { status: 500 },
    );
  }
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request, ADMIN_ONLY);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "invite") return invite(request, session, form);
  if (intent === "status" || intent === "role") return changeUser(request, session, intent, form);
  throw data({ message: "Unknown action" }, { status: 400 });
}

async function invite(request: Request, session: ActiveSession, form: FormData) {
  const i18n = i18nFor(requestLanguage(request));
  const fields = {
    email: normaliseEmail(String(form.get("email") ?? "")),
    name: String(form.get("name") ?? "").trim(),
    organization: String(form.get("organization") ?? "").trim(),
    role: String(form.get("role") ?? ""),
  };
  const fieldErrors: { email?: string; role?: string } = {};
  if (!isValidEmail(fields.email)) fieldErrors.email = i18n._(msg`Please enter a valid email address`);
  if (!isRole(fields.role)) fieldErrors.role = i18n._(msg`Choose a role`);
  const failed = (message: ToastMessage, status: number) =>
    data({ intent: "invite" as const, message, fieldErrors, fields, invitation: null }, { status });
  if (fieldErrors.email || !isRole(fields.role))
    return failed(
      { tone: "error", title: i18n._(msg`Invitation failed`), description: i18n._(msg`Please correct the highlighted fields`) },
      400,
    );

  const ctx = app();
  try {
    const result = await inviteUser(ctx, session.user, { ...fields, role: fields.role }, requestMeta(request));
    const origin = siteOrigin(ctx.config, request);
    const email = result.user.email;
    const message: ToastMessage = result.created
      ? {
          tone: "success",
          title: i18n._(msg`Invitation created`),
          description: i18n._(msg`Send the set-password link below to ${email}.`),
        }
      : { tone: "success", title: i18n._(msg`New link created`), description: i18n._(msg`The earlier link for ${email} no longer works.`) };
    const invitation = { email: result.user.email, link: `${origin}${result.path}`, expiresAt: result.expiresAt.toISOString() };
    return { intent: "invite" as const, message, fieldErrors: {}, fields: null, invitation };
  } catch (error) {
    if (error instanceof UserInputError || error instanceof AccountRuleError)
      return failed({ tone: "error", title: i18n._(msg`Invitation failed`), description: error.message }, 400);
    throw error;
  }
}

async function changeUser(request: Request, session: ActiveSession, intent: "status" | "role", form: FormData) {
  const ctx = app();
  const i18n = i18nFor(requestLanguage(request));
  const userId = String(form.get("userId") ?? "");
  const fallback = intent === "status" ? i18n._(msg`Failed to update user status`) : i18n._(msg`Failed to update user role`);
  const failed = (description: string, status: number) =>
    data({ intent, message: { tone: "error" as const, title: i18n._(msg`Update failed`), description }, userId }, { status });
  try {
    if (intent === "status") {
      const active = form.get("active") === "1";
      await setUserActive(ctx, session.user, userId, active, requestMeta(request));
      return {
        intent,
        message: {
          tone: "success" as const,
          title: i18n._(msg`Status updated`),
          description: active ? i18n._(msg`User activated`) : i18n._(msg`User deactivated`),
        },
        userId,
      };
    }
    const role = form.get("role");
    if (!isRole(role)) return failed(fallback, 400);
    const user = await setUserRole(ctx, session.user, userId, role, requestMeta(request));
    return {
      intent,
      message: { tone: "success" as const, title: i18n._(msg`Role updated`), description: roleChanged(user.email, role, i18n) },
      userId,
    };
  } catch (error) {
    if (error instanceof AccountRuleError) return failed(error.message, 409);
    ctx.log.error({ err: error, userId, intent }, "user update failed");
    return failed(fallback, 500);
  }
}

/** "x@example.org is now an editor": a whole sentence per role, so each language words it its own way. */
function roleChanged(email: string, role: string, i18n: I18n): string {
  if (role === "admin") return i18n._(msg`${email} is now an admin`);
  if (role === "editor") return i18n._(msg`${email} is now an editor`);
  return i18n._(msg`${email} is now a user`);
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  useToastMessage(actionData?.message);
  useToastMessage(loaderData.loadError);
  const rowMessage = actionData && actionData.intent !== "invite" ? actionData.message : null;
  // Counts actions, so the row forms reset after each one (the same on the server and in the browser).
  const version = useRef({ of: actionData, n: 0 });
  if (version.current.of !== actionData) version.current = { of: actionData, n: version.current.n + 1 };
  const { paging } = loaderData;
  const total = paging?.total ?? 0;
  const hrefFor = (n: number) => pageHref("/admin/users", {}, n, paging?.per ?? TABLE_PER);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>Users</Trans>
        </h1>
        <RefreshUsersButton failed={loaderData.loadError !== null} href={hrefFor(paging?.page ?? 1)} />
      </div>

      {rowMessage ? (
        <div className="mt-4">
          <Alert tone={rowMessage.tone} title={rowMessage.title}>
            {rowMessage.description}
          </Alert>
        </div>
      ) : null}

      <InviteUserForm result={actionData?.intent === "invite" ? actionData : null} />

      <section aria-labelledby="users-heading" className="mt-8">
        <h2 id="users-heading" className="text-lg font-semibold">
          <Trans>All users ({total})</Trans>
        </h2>
        {loaderData.loadError ? (
          <div className="mt-4">
            <Alert tone="error" title={loaderData.loadError.title}>
              {loaderData.loadError.description}
            </Alert>
          </div>
        ) : loaderData.users.length === 0 ? (
          <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            <Trans>No Users Found</Trans>
          </p>
        ) : (
          <>
            <UsersTable users={loaderData.users} me={loaderData.me} version={version.current.n} />
            {paging ? <Pager label={t`Pages of users`} page={paging.page} pageCount={paging.pageCount} hrefFor={hrefFor} /> : null}
          </>
        )}
      </section>
    </>
  );
}
