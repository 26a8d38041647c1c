import { msg, plural } from "@lingui/core/macro";
import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { deleteFolder, findAdminFolder } from "~/.server/folders/folders.admin";
import { flashCookie } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { DeleteConfirmation } from "~/components/admin/content/confirm-delete";
import { FALLBACK_TITLES, localMessage } from "~/components/admin/content/messages";
import { folderDeleteTarget } from "~/components/admin/folders/folder-card";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { FOLDER_MESSAGES } from "~/lib/folders";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/folder-delete";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Delete folder | Admin Portal`) }];

/** Delete with confirmation: this page without JavaScript; its action also serves the dialog. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireUser(request);
  const folder = await findAdminFolder(app(), params.id);
  if (!folder) throw data(i18nFor(requestLanguage(request))._(msg`Folder not found`), { status: 404 });
  return { folder: { id: folder.id, name: folder.name, documentCount: folder.documentCount } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const session = await requireUser(request);
  const dialog = (await request.formData()).get("_dialog") === "1";
  const ctx = app();
  const i18n = i18nFor(requestLanguage(request));
  const refuse = (status: number) =>
    data(
      {
        ok: false,
        message: {
          tone: "error" as const,
          title: i18n._(FALLBACK_TITLES.error),
          description: localMessage(FOLDER_MESSAGES.deleteFailed, i18n),
        },
      },
      { status },
    );
  let deleted: Awaited<ReturnType<typeof deleteFolder>>;
  try {
    deleted = await deleteFolder(ctx, params.id, session.user, requestMeta(request));
  } catch (error) {
    ctx.log.error({ err: error, folderId: params.id }, "folder deletion failed");
    return refuse(500);
  }
  if (!deleted) return refuse(404);
  const n = deleted.movedDocuments;
  const name = deleted.name;
  const message: ToastMessage = {
    tone: "success",
    title: i18n._(msg`Folder deleted`),
    description:
      n === 0
        ? i18n._(msg`"${name}" has been deleted.`)
        : i18n._(msg`"${name}" has been deleted. ${plural(n, { one: "Its document was kept.", other: "Its # documents were kept." })}`),
  };
  if (dialog) return { ok: true, message };
  return redirect("/admin/folders", { headers: { "Set-Cookie": flashCookie(message) } });
}

export default function DeleteFolder({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DeleteConfirmation
      target={folderDeleteTarget(loaderData.folder)}
      cancelHref="/admin/folders"
      error={actionData && !actionData.ok ? actionData.message : null}
    />
  );
}
