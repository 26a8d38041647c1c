import { data, redirect } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { app } from "~/.server/context";
import { createFolder } from "~/.server/folders/folders.admin";
import { flashCookie } from "~/.server/http/flash";
import { requestMeta } from "~/.server/http/request-meta";
import { CreateFolderPageForm, EMPTY_FOLDER, type FolderFormValues } from "~/components/admin/folders/create-folder-form";
import type { ToastMessage } from "~/components/ui/use-toast-message";
import { FOLDER_MESSAGES } from "~/lib/folders";
import type { Route } from "./+types/folder-new";

export const meta: Route.MetaFunction = () => [{ title: "Create Folder | Admin Portal" }];

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
  const failed: ToastMessage = { tone: "error", title: "Error", description: FOLDER_MESSAGES.createFailed };
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
  const message: ToastMessage = { tone: "success", title: "Folder created", description: `"${outcome.folder.name}" has been created.` };
  if (dialog) return { ok: true, message, values: null };
  return redirect("/admin/folders", { headers: { "Set-Cookie": flashCookie(message) } });
}

export default function NewFolder({ actionData }: Route.ComponentProps) {
  const message = actionData && "message" in actionData ? (actionData.message ?? null) : null;
  return (
    <>
      <p>
        <a href="/admin/folders" className="text-sm text-brand-700 underline">
          Back to folders
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Create Folder</h1>
      <div className="mt-4">
        <CreateFolderPageForm key={JSON.stringify(actionData ?? null)} values={actionData?.values ?? EMPTY_FOLDER} message={message} />
      </div>
    </>
  );
}
