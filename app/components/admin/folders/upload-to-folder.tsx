import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Upload } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { type DocumentFacetsInput, EMPTY_FACETS_INPUT, type FacetSuggestions } from "~/lib/document-facets";
import { DOCUMENT_TEXT_LIMITS, titleFromFileName } from "~/lib/document-form";
import { DEFAULT_DOCUMENT_LANGUAGE } from "~/lib/document-language";
import { BULK_ACCEPT, checkBulkFile, FOLDER_MESSAGES, FOLDER_UPLOAD_CATEGORIES } from "~/lib/folders";
import { Alert } from "../../ui/alert";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";
import type { ToastMessage } from "../../ui/use-toast-message";
import { useDialogAction } from "../content/action-result";
import { AdminDialog } from "../content/admin-dialog";
import { DocumentLanguageSelect } from "../content/document-language-select";
import { FacetFields } from "../content/facet-fields";
import { categoryLabel, localSplit } from "../content/messages";

export const FOLDER_UPLOAD_HREF = "/admin/folders/upload";

export interface FolderChoice {
  id: string;
  name: string;
}

export interface FolderUploadValues extends DocumentFacetsInput {
  folderId: string;
  title: string;
  description: string;
  category: string;
  language: string;
  published: boolean;
}

export function emptyFolderUpload(folderId = ""): FolderUploadValues {
  return {
    folderId,
    title: "",
    description: "",
    category: FOLDER_UPLOAD_CATEGORIES[0],
    language: DEFAULT_DOCUMENT_LANGUAGE,
    published: true,
    ...EMPTY_FACETS_INPUT,
  };
}

export function FolderSelect({
  id,
  folders,
  value,
  required,
  onChange,
}: {
  id: string;
  folders: FolderChoice[];
  value: string;
  required: boolean;
  onChange?: (v: string) => void;
}) {
  const { t } = useLingui();
  return (
    <select
      id={id}
      name="folderId"
      required={required}
      defaultValue={value}
      onChange={(e) => onChange?.(e.target.value)}
      className={`${inputClass} mt-1`}
    >
      <option value="">{required ? t`Choose a folder` : t`No folder`}</option>
      {folders.map((f) => (
        <option key={f.id} value={f.id}>
          {f.name}
        </option>
      ))}
    </select>
  );
}

export function CategorySelect({ id, value }: { id: string; value: string }) {
  const { i18n } = useLingui();
  return (
    <select id={id} name="category" defaultValue={value} className={`${inputClass} mt-1`}>
      {FOLDER_UPLOAD_CATEGORIES.map((c) => (
        <option key={c} value={c}>
          {categoryLabel(c, i18n)}
        </option>
      ))}
    </select>
  );
}

/** The form's fields; with JavaScript the title is pre-filled from the chosen file's name and the file is checked first. */
export function FolderUploadFields({
  folders,
  values,
  suggestions,
  onRefused,
}: {
  folders: FolderChoice[];
  values: FolderUploadValues;
  suggestions: FacetSuggestions;
  onRefused?: (message: string) => void;
}) {
  const id = useId();
  const [title, setTitle] = useState(values.title);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-folder`} className={labelClass}>
          <Trans>Folder</Trans>
        </label>
        <FolderSelect id={`${id}-folder`} folders={folders} value={values.folderId} required />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-file`} className={labelClass}>
          <Trans>
            File <span className="font-normal text-slate-600">(PDF, Word, Excel, PowerPoint, text or CSV; up to 50MB)</span>
          </Trans>
        </label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          required
          accept={BULK_ACCEPT}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (!file) return;
            const refused = checkBulkFile(file);
            if (refused) {
              e.currentTarget.value = "";
              onRefused?.(refused);
            } else if (!title.trim()) setTitle(titleFromFileName(file.name));
          }}
          className={`${inputClass} mt-1`}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-title`} className={labelClass}>
          <Trans>Title</Trans>
        </label>
        <input
          id={`${id}-title`}
          name="title"
          required
          maxLength={DOCUMENT_TEXT_LIMITS.title}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          className={`${inputClass} mt-1`}
        />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-description`} className={labelClass}>
          <Trans>
            Description <span className="font-normal text-slate-600">(optional)</span>
          </Trans>
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={2}
          maxLength={DOCUMENT_TEXT_LIMITS.description}
          defaultValue={values.description}
          className={`${inputClass} mt-1`}
        />
      </div>
      <div>
        <label htmlFor={`${id}-category`} className={labelClass}>
          <Trans>Category</Trans>
        </label>
        <CategorySelect id={`${id}-category`} value={values.category} />
      </div>
      <DocumentLanguageSelect id={`${id}-language`} value={values.language} />
      <label className="flex items-center gap-3 self-end pb-2 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          name="published"
          value="true"
          defaultChecked={values.published}
          className="h-5 w-9 accent-brand-600"
        />
        <Trans>Published</Trans>
      </label>
      <FacetFields initial={values} suggestions={suggestions} />
    </div>
  );
}

/** A refusal as a toast, in the language of `i18n` (a rule's English message is translated). */
export function messageOf(text: string, i18n: I18n): ToastMessage {
  return { tone: "error", ...localSplit(text, i18n) };
}

/** "Upload to Folder": a dialog with JavaScript, the upload page without it. */
export function UploadToFolderButton({
  folders,
  suggestions,
  folderId = "",
}: {
  folders: FolderChoice[];
  suggestions: FacetSuggestions;
  folderId?: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const { open, setOpen, error } = useDialogAction(fetcher.data);
  const [refused, setRefused] = useState<string | null>(null);
  const { i18n, t } = useLingui();
  const label = (
    <>
      <Upload aria-hidden className="h-4 w-4" />
      <Trans>Upload to Folder</Trans>
    </>
  );
  const href = folderId ? `${FOLDER_UPLOAD_HREF}?folderId=${encodeURIComponent(folderId)}` : FOLDER_UPLOAD_HREF;
  if (!hydrated) {
    return (
      <a href={href} className={buttonClass.secondary}>
        {label}
      </a>
    );
  }
  const shown = refused ? messageOf(refused, i18n) : error?.message;
  const busy = fetcher.state !== "idle";
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setRefused(null);
      }}
      wide
      title={t`Upload to Folder`}
      trigger={
        <button type="button" className={buttonClass.secondary}>
          {label}
        </button>
      }
    >
      {folders.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>There are no folders yet. Create a folder (or use Quick Setup) first.</Trans>
        </p>
      ) : (
        <fetcher.Form
          method="post"
          action={`${FOLDER_UPLOAD_HREF}?dialog=1`}
          encType="multipart/form-data"
          noValidate
          onSubmit={(e) => {
            const form = new FormData(e.currentTarget);
            const file = form.get("file");
            const missing = !(file instanceof File) || file.size === 0 || !String(form.get("title") ?? "").trim() || !form.get("folderId");
            setRefused(missing ? FOLDER_MESSAGES.missing : null);
            if (missing) e.preventDefault();
          }}
        >
          {shown ? (
            <div className="mb-4">
              <Alert tone="error" title={shown.title}>
                {shown.description}
              </Alert>
            </div>
          ) : null}
          <FolderUploadFields folders={folders} values={emptyFolderUpload(folderId)} suggestions={suggestions} onRefused={setRefused} />
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className={buttonClass.primary} disabled={busy}>
              {busy ? t`Uploading...` : t`Upload`}
            </button>
          </div>
        </fetcher.Form>
      )}
    </AdminDialog>
  );
}
