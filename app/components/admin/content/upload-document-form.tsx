import { Trans, useLingui } from "@lingui/react/macro";
import { Upload, X } from "lucide-react";
import { useState } from "react";
import { UPLOAD_CATEGORIES } from "~/lib/categories";
import type { FacetSuggestions } from "~/lib/document-facets";
import { DOCUMENT_TEXT_LIMITS, splitTags, UPLOAD_ACCEPT } from "~/lib/document-form";
import { Alert } from "../../ui/alert";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import type { ToastMessage } from "../../ui/use-toast-message";
import { DocumentLanguageSelect } from "./document-language-select";
import { FacetFields } from "./facet-fields";
import { categoryLabel } from "./messages";
import { UploadProgress } from "./upload-progress";
import { UPLOAD_URL } from "./upload-transport";
import { type UploadFields, useUploadForm } from "./use-upload-form";

export type { UploadFields };

/**
 * Upload Document (admin-and-sharing sections 2, 4 and 5). Without JavaScript it is a plain
 * multipart form posted to the page's action. With JavaScript the file can also be dropped, it is
 * checked before anything is sent, and the same form is sent by XMLHttpRequest so the progress
 * bar shows the bytes really sent.
 */
export function UploadDocumentForm({
  result,
  suggestions,
}: {
  result: { message: ToastMessage; fields: UploadFields | null } | null;
  suggestions: FacetSuggestions;
}) {
  const upload = useUploadForm(result);
  const { values, set, message, progress, busy } = upload;
  const { i18n } = useLingui();
  return (
    <form
      method="post"
      action={UPLOAD_URL}
      encType="multipart/form-data"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void upload.submit(event.currentTarget);
      }}
      className="mt-4 grid gap-4 md:grid-cols-2"
    >
      {message ? (
        <div className="md:col-span-2">
          <Alert tone={message.tone} title={message.title}>
            {message.description}
          </Alert>
        </div>
      ) : null}
      <FileDropZone upload={upload} />
      <div>
        <label htmlFor="title" className={labelClass}>
          <Trans>Title</Trans>
        </label>
        <input
          id="title"
          name="title"
          type="text"
          required
          maxLength={DOCUMENT_TEXT_LIMITS.title}
          value={values.title}
          onChange={(e) => set("title", e.target.value)}
          className={`${inputClass} mt-1`}
        />
      </div>
      <div>
        <label htmlFor="category" className={labelClass}>
          <Trans>Category</Trans>
        </label>
        <select
          id="category"
          name="category"
          value={values.category}
          onChange={(e) => set("category", e.target.value)}
          className={`${inputClass} mt-1`}
        >
          {UPLOAD_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c, i18n)}
            </option>
          ))}
        </select>
      </div>
      <DocumentLanguageSelect id="language" value={values.language} onChange={(language) => set("language", language)} />
      <div className="md:col-span-2">
        <label htmlFor="description" className={labelClass}>
          <Trans>Description</Trans>
        </label>
        <textarea
          id="description"
          name="description"
          rows={3}
          maxLength={DOCUMENT_TEXT_LIMITS.description}
          value={values.description}
          onChange={(e) => set("description", e.target.value)}
          className={`${inputClass} mt-1`}
        />
      </div>
      <FacetFields key={upload.generation} initial={values} suggestions={suggestions} />
      <TagsField value={values.tags} onChange={(tags) => set("tags", tags)} />
      <div className="flex items-end">
        <label className="flex items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            role="switch"
            name="published"
            value="true"
            checked={values.published}
            onChange={(e) => set("published", e.target.checked)}
            className="h-5 w-9 accent-brand-600"
          />
          <Trans>Publish immediately</Trans>
        </label>
      </div>
      {progress !== null ? <UploadProgress percent={progress} /> : null}
      <div className="flex flex-wrap gap-2 md:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          <Upload aria-hidden className="h-4 w-4" />
          <Trans>Upload Document</Trans>
        </button>
        <button
          type="reset"
          className={buttonClass.secondary}
          disabled={busy}
          onClick={(e) => {
            // Controlled fields: reset the state; without JavaScript the browser's reset does it.
            e.preventDefault();
            upload.reset();
          }}
        >
          <Trans>Clear All</Trans>
        </button>
      </div>
    </form>
  );
}

/** The file input inside a zone that also takes a dropped file (the input alone without JavaScript). */
function FileDropZone({ upload }: { upload: ReturnType<typeof useUploadForm> }) {
  const [dragging, setDragging] = useState(false);
  const fileName = upload.fileName;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the file input inside is the keyboard path
    <div
      className={`rounded-lg border-2 border-dashed p-4 md:col-span-2 ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-slate-50"}`}
      onDragEnter={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragOver={(e) => e.preventDefault()}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        upload.drop(e.dataTransfer.files[0]);
      }}
      data-testid="upload-drop-zone"
    >
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <Upload aria-hidden className="h-4 w-4" />
        <Trans>Drag and drop a file here, or choose one.</Trans>
      </p>
      <label htmlFor="file" className={`${labelClass} mt-3`}>
        <Trans>
          File <span className="font-normal text-slate-600">(PDF, Word, Excel, PowerPoint, text or image; up to 50MB)</span>
        </Trans>
      </label>
      <input
        ref={upload.fileRef}
        id="file"
        name="file"
        type="file"
        required
        accept={UPLOAD_ACCEPT}
        onChange={(e) => upload.choose(e.currentTarget.files?.[0])}
        className={`${inputClass} mt-1`}
      />
      {fileName ? (
        <p className="mt-2 break-all text-sm text-slate-700">
          <Trans>Selected: {fileName}</Trans>
        </p>
      ) : null}
    </div>
  );
}

/** Comma-separated tags, previewed as chips the way they will be saved (trimmed, de-duplicated). */
function TagsField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const tags = splitTags(value);
  const { t } = useLingui();
  return (
    <div>
      <label htmlFor="tags" className={labelClass}>
        <Trans>
          Tags <span className="font-normal text-slate-600">(comma-separated)</span>
        </Trans>
      </label>
      <input id="tags" name="tags" type="text" value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClass} mt-1`} />
      {tags.length > 0 ? (
        <ul aria-label={t`Tag preview`} className="mt-2 flex flex-wrap gap-1">
          {tags.map((tag) => (
            <li key={tag} className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pl-2 pr-1 text-xs font-medium text-brand-800">
              {tag}
              <button
                type="button"
                aria-label={t`Remove tag ${tag}`}
                className="rounded-full p-0.5 hover:bg-brand-100"
                onClick={() => onChange(tags.filter((t) => t !== tag).join(", "))}
              >
                <X aria-hidden className="h-3 w-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
