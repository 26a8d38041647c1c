import { Trans, useLingui } from "@lingui/react/macro";
import { FolderPlus } from "lucide-react";
import { useId, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Alert } from "../../ui/alert";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";
import type { ToastMessage } from "../../ui/use-toast-message";
import { useDialogAction } from "../content/action-result";
import { AdminDialog } from "../content/admin-dialog";

export const NEW_FOLDER_HREF = "/admin/folders/new";

export interface FolderFormValues {
  name: string;
  description: string;
  isPublic: boolean;
}

export const EMPTY_FOLDER: FolderFormValues = { name: "", description: "", isPublic: true };

function FolderFields({ values, onNameChange }: { values: FolderFormValues; onNameChange?: (name: string) => void }) {
  const id = useId();
  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={`${id}-name`} className={labelClass}>
          <Trans>Name</Trans>
        </label>
        <input
          id={`${id}-name`}
          name="name"
          required
          maxLength={200}
          defaultValue={values.name}
          onChange={(e) => onNameChange?.(e.target.value)}
          className={`${inputClass} mt-1`}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={labelClass}>
          <Trans>
            Description <span className="font-normal text-slate-600">(optional)</span>
          </Trans>
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={3}
          maxLength={2000}
          defaultValue={values.description}
          className={`${inputClass} mt-1`}
        />
      </div>
      <label className="flex items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          name="isPublic"
          value="true"
          defaultChecked={values.isPublic}
          className="h-5 w-9 accent-brand-600"
        />
        <Trans>
          Public folder <span className="font-normal text-slate-600">(its share link opens for visitors)</span>
        </Trans>
      </label>
    </div>
  );
}

/** "Create Folder": a dialog with JavaScript, the /admin/folders/new page without it. */
export function CreateFolderButton() {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const { open, setOpen, error } = useDialogAction(fetcher.data);
  const [name, setName] = useState("");
  const { t } = useLingui();
  const trigger = (
    <>
      <FolderPlus aria-hidden className="h-4 w-4" />
      <Trans>Create Folder</Trans>
    </>
  );
  if (!hydrated) {
    return (
      <a href={NEW_FOLDER_HREF} className={buttonClass.primary}>
        {trigger}
      </a>
    );
  }
  const busy = fetcher.state !== "idle";
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setName("");
      }}
      title={t`Create Folder`}
      trigger={
        <button type="button" className={buttonClass.primary}>
          {trigger}
        </button>
      }
    >
      <fetcher.Form
        method="post"
        action={NEW_FOLDER_HREF}
        noValidate
        onSubmit={(e) => {
          // An empty name does nothing (admin-and-sharing section 5).
          if (!name.trim()) e.preventDefault();
        }}
      >
        <input type="hidden" name="_dialog" value="1" />
        {error ? (
          <div className="mb-4">
            <Alert tone="error" title={error.message.title}>
              {error.message.description}
            </Alert>
          </div>
        ) : null}
        <FolderFields values={EMPTY_FOLDER} onNameChange={setName} />
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? t`Creating...` : t`Create Folder`}
          </button>
        </div>
      </fetcher.Form>
    </AdminDialog>
  );
}

/** The create page's form (works without JavaScript). */
export function CreateFolderPageForm({ values, message }: { values: FolderFormValues; message: ToastMessage | null }) {
  return (
    <Form method="post" noValidate className="max-w-xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      {message ? (
        <div className="mb-4">
          <Alert tone={message.tone} title={message.title}>
            {message.description}
          </Alert>
        </div>
      ) : null}
      <FolderFields values={values} />
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary}>
          <Trans>Create Folder</Trans>
        </button>
        <a href="/admin/folders" className={buttonClass.secondary}>
          <Trans>Cancel</Trans>
        </a>
      </div>
    </Form>
  );
}
