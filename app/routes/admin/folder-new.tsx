import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { createFolder } from "~/.server/folders/folders.admin";
import { flashCookie } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { FALLBACK_TITLES, localMessage } from "~/components/admin/content/messages";
import { CreateFolderPageForm, EMPTY_FOLDER, type FolderFormValues } from "~/components/admin/folders/create-folder-form";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { FOLDER_MESSAGES } from "~/lib/folders";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/folder-new";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Create Folder | Admin Portal`) }];

/** The Create Folder page (without JavaScript); its action also serves the dialog. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const form = await request.formData();
  const values: FolderFormValues = {
    name: String(form.get("name") ?? ""),
    description: String(form.get("description") ?? ""),
    isPublic: form.get("isPublic") === "true",
  };
  const dialog = form.get("_dialog") === "1";
  const i18n = i18nFor(requestLanguage(request));
  const failed: ToastMessage = {
    tone: "error",
    title: i18n._(FALLBACK_TITLES.error),
    description: localMessage(FOLDER_MESSAGES.createFailed, i18n),
  };
  const ctx = app();
  let outcome: Awaited<ReturnType<typeof createFolder>>;
  try {
    outcome = await createFolder(ctx, values, session.user, requestMeta(request));
  } catch (error) {
    ctx.log.error({ err: error }, "folder creation failed");
    return data({ ok: false, message: failed, values }, { status: 500 });
  }
  // An empty name does nothing: the form comes back as it was, without a message.
  if (!outcome.ok && outcome.reason === "empty") return { ok: false, empty: true, values };
  if (!outcome.ok) return data({ ok: false, message: failed, values }, { status: 400 });
  const name = outcome.folder.name;
  const message: ToastMessage = {
    tone: "success",
    title: i18n._(msg`Folder created`),
    description: i18n._(msg`"${name}" has been created.`),
  };
  if (dialog) return { ok: true, message, values: null };
  return redirect("/admin/folders", { headers: { "Set-Cookie": flashCookie(message) } });
}

export default function NewFolder({ actionData }: Route.ComponentProps) {
  const message = actionData && "message" in actionData ? (actionData.message ?? null) : null;
  return (
    <>
      <p>
        <a href="/admin/folders" className="text-sm text-brand-700 underline">
          <Trans>Back to folders</Trans>
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        <Trans>Create Folder</Trans>
      </h1>
      <div className="mt-4">
        <CreateFolderPageForm key={JSON.stringify(actionData ?? null)} values={actionData?.values ?? EMPTY_FOLDER} message={message} />
      </div>
    </>
  );
}
