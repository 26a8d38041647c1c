import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { facetSuggestions } from "~/.server/documents/documents.service";
import { uploadToFolder } from "~/.server/documents/folder-upload";
import { folderChoices } from "~/.server/folders/folders.admin";
import { flashCookie } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { i18nFor, requestLanguage } from "~/.server/i18n/i18n";
import { FALLBACK_TITLES, localMessage } from "~/components/admin/content/messages";
import { emptyFolderUpload, FOLDER_UPLOAD_HREF, FolderUploadFields, messageOf } from "~/components/admin/folders/upload-to-folder";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/styles";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { DOCUMENT_MESSAGES } from "~/lib/document-form";
import { FOLDER_MESSAGES } from "~/lib/folders";
import { pageI18n } from "~/lib/i18n/page-i18n";
import type { Route } from "./+types/folders-upload";

export const meta: Route.MetaFunction = () => [{ title: pageI18n()._(msg`Upload to Folder | Admin Portal`) }];

/** Upload to Folder's page (without JavaScript); its action also serves the dialog (?dialog=1). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  const folderId = new URL(request.url).searchParams.get("folderId") ?? "";
  const ctx = app();
  const [folders, suggestions] = await Promise.all([folderChoices(ctx), facetSuggestions(ctx)]);
  return { folders, suggestions, folderId };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await requireUser(request);
  const dialog = new URL(request.url).searchParams.get("dialog") === "1";
  const ctx = app();
  const i18n = i18nFor(requestLanguage(request));
  let outcome: Awaited<ReturnType<typeof uploadToFolder>>;
  try {
    outcome = await uploadToFolder(ctx, request, session.user, requestMeta(request));
  } catch (error) {
    ctx.log.error({ err: error }, "folder upload failed");
    return data({ ok: false, message: messageOf(DOCUMENT_MESSAGES.uploadFailed, i18n), fields: null }, { status: 500 });
  }
  if (!outcome.ok) {
    const message =
      outcome.message === FOLDER_MESSAGES.loadFailed
        ? { tone: "error" as const, title: i18n._(FALLBACK_TITLES.error), description: localMessage(outcome.message, i18n) }
        : messageOf(outcome.message, i18n);
    return data({ ok: false, message, fields: outcome.fields }, { status: outcome.status });
  }
  const { title, folder_id } = outcome.document;
  const message: ToastMessage = {
    tone: "success",
    title: i18n._(msg`Upload successful`),
    description: i18n._(msg`"${title}" has been added to the folder.`),
  };
  if (dialog) return { ok: true, message, fields: null };
  return redirect(`/admin/folders/${folder_id}`, { headers: { "Set-Cookie": flashCookie(message) } });
}

export default function UploadToFolderPage({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.fields ?? emptyFolderUpload(loaderData.folderId);
  return (
    <>
      <p>
        <a href="/admin/folders" className="text-sm text-brand-700 underline">
          <Trans>Back to folders</Trans>
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">
        <Trans>Upload to Folder</Trans>
      </h1>
      {loaderData.folders.length === 0 ? (
        <p className="mt-4 text-slate-700">
          <Trans>There are no folders yet. Create a folder (or use Quick Setup) first.</Trans>
        </p>
      ) : (
        <form
          method="post"
          action={FOLDER_UPLOAD_HREF}
          encType="multipart/form-data"
          noValidate
          className="mt-4 max-w-2xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
        >
          {actionData && !actionData.ok ? (
            <div className="mb-4">
              <Alert tone="error" title={actionData.message.title}>
                {actionData.message.description}
              </Alert>
            </div>
          ) : null}
          <FolderUploadFields
            key={JSON.stringify(values)}
            folders={loaderData.folders}
            values={values}
            suggestions={loaderData.suggestions}
          />
          <div className="mt-5 flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.primary}>
              <Trans>Upload</Trans>
            </button>
            <a href="/admin/folders" className={buttonClass.secondary}>
              <Trans>Cancel</Trans>
            </a>
          </div>
        </form>
      )}
    </>
  );
}
