import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Form } from "react-router";
import { toast } from "~/components/ui/toast";
import { canonicalCategory } from "~/lib/categories";
import type { FacetSuggestions } from "~/lib/document-facets";
import { DOCUMENT_MESSAGES, DOCUMENT_TEXT_LIMITS, editCategoryOptions } from "~/lib/document-form";
import { type FileReadingState, readingReason } from "~/lib/file-reading";
import { formatBytes, formatLongDate } from "~/lib/format";
import { Alert } from "../../ui/alert";
import { SpriteIcon } from "../../ui/icon-sprite";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";
import type { ToastMessage } from "../../ui/use-toast-message";
import { useDialogAction, useRowDialogFetcher, useRowDialogResult } from "./action-result";
import { AdminDialog } from "./admin-dialog";
import { DocumentLanguageSelect } from "./document-language-select";
import { FacetFields } from "./facet-fields";
import { categoryLabel, localSplit } from "./messages";

/** What the edit dialog and the edit page need of a document. */
export interface EditableDocument {
  id: string;
  title: string;
  description: string | null;
  category: string;
  language: string;
  tags: string[];
  partner: string | null;
  sectors: string[];
  locations: string[];
  published: boolean;
  size: number | null;
  created_at: string;
  file: {
    name: string | null;
    type: string | null;
    ext: string | null;
    sha256: string | null;
    missingSince: string | null;
    reading: FileReadingState | null;
  } | null;
}

export interface EditFormState {
  message: ToastMessage | null;
  field?: string | null;
  /** The refused submission, to fill the form again. */
  fields?: {
    title: string;
    description: string;
    category: string;
    language: string;
    tags: string;
    published: boolean;
    partner: string;
    sectors: string[];
    locations: string[];
  } | null;
}

export const editHref = (id: string) => `/admin/documents/${id}/edit`;

/** The edit action: with JavaScript a dialog over the table; without it a link to the edit page. */
export function EditDocumentButton({ document, suggestions }: { document: EditableDocument; suggestions: FacetSuggestions }) {
  const hydrated = useHydrated();
  const fetcher = useRowDialogFetcher();
  const { open, setOpen, error } = useDialogAction(useRowDialogResult(), { toasts: false });
  // The title check done in the browser, shown like the server's until the next submit.
  const [titleMissing, setTitleMissing] = useState(false);
  const { i18n, t } = useLingui();
  const title = document.title;
  const label = t`Edit ${title}`;
  if (!hydrated) {
    return (
      <a href={editHref(document.id)} className={buttonClass.ghost} aria-label={label}>
        <SpriteIcon name="pencil" className="h-4 w-4" />
      </a>
    );
  }
  const missing: EditFormState = { message: { tone: "error", ...localSplit(DOCUMENT_MESSAGES.titleRequired, i18n) }, field: "title" };
  const state: EditFormState = titleMissing ? missing : error ? { message: error.message, field: error.field } : { message: null };
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        setTitleMissing(false);
        setOpen(next);
      }}
      wide
      title={t`Edit Document`}
      trigger={
        <button type="button" className={buttonClass.ghost} aria-label={label}>
          <SpriteIcon name="pencil" className="h-4 w-4" />
        </button>
      }
    >
      <fetcher.Form
        method="post"
        action={editHref(document.id)}
        noValidate
        onSubmit={(event) => {
          const title = new FormData(event.currentTarget).get("title");
          const missingTitle = !(typeof title === "string" && title.trim());
          setTitleMissing(missingTitle);
          if (!missingTitle) return;
          // Said at once, without a round trip on a slow link; the server checks it too.
          event.preventDefault();
          toast.error(missing.message!.title, { description: missing.message!.description });
          event.currentTarget.querySelector<HTMLInputElement>("input[name=title]")?.focus();
        }}
      >
        <input type="hidden" name="_dialog" value="1" />
        <DocumentEditFields document={document} state={state} suggestions={suggestions} />
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className={buttonClass.primary} disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? t`Saving...` : t`Save Changes`}
          </button>
        </div>
      </fetcher.Form>
    </AdminDialog>
  );
}

/** The edit page's form (works without JavaScript). */
export function DocumentEditPage({
  document,
  state,
  suggestions,
}: {
  document: EditableDocument;
  state: EditFormState;
  suggestions: FacetSuggestions;
}) {
  return (
    <Form method="post" noValidate className="max-w-2xl rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <DocumentEditFields document={document} state={state} suggestions={suggestions} headingLevel={2} />
      <div className="mt-5 flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary}>
          <Trans>Save Changes</Trans>
        </button>
        <a href="/admin/documents" className={buttonClass.secondary}>
          <Trans>Cancel</Trans>
        </a>
      </div>
    </Form>
  );
}

/** headingLevel: the file information's heading sits under the dialog's title (h2) or the page's (h1). */
function DocumentEditFields({
  document,
  state,
  suggestions,
  headingLevel = 3,
}: {
  document: EditableDocument;
  state: EditFormState;
  suggestions: FacetSuggestions;
  headingLevel?: 2 | 3;
}) {
  const ids = useId();
  const { i18n } = useLingui();
  const values = state.fields ?? {
    title: document.title,
    description: document.description ?? "",
    category: document.category,
    language: document.language,
    tags: document.tags.join(", "),
    published: document.published,
    partner: document.partner ?? "",
    sectors: document.sectors,
    locations: document.locations,
  };
  const titleError = state.field === "title";
  return (
    <div className="grid gap-4">
      {state.message ? (
        <Alert tone={state.message.tone} title={state.message.title}>
          {state.message.description}
        </Alert>
      ) : null}
      <div>
        <label htmlFor={`${ids}-title`} className={labelClass}>
          <Trans>Title</Trans>{" "}
          <span aria-hidden className="text-red-700">
            *
          </span>
        </label>
        <input
          id={`${ids}-title`}
          name="title"
          type="text"
          required
          maxLength={DOCUMENT_TEXT_LIMITS.title}
          defaultValue={values.title}
          aria-invalid={titleError || undefined}
          aria-describedby={titleError ? `${ids}-title-error` : undefined}
          className={`${inputClass} mt-1`}
        />
        {titleError ? (
          <p id={`${ids}-title-error`} className="mt-1 text-sm text-red-700">
            <Trans>Title is required</Trans>
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${ids}-description`} className={labelClass}>
          <Trans>Description</Trans>
        </label>
        <textarea
          id={`${ids}-description`}
          name="description"
          rows={3}
          maxLength={DOCUMENT_TEXT_LIMITS.description}
          defaultValue={values.description}
          className={`${inputClass} mt-1`}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-category`} className={labelClass}>
            <Trans>Category</Trans>
          </label>
          <select
            id={`${ids}-category`}
            name="category"
            defaultValue={canonicalCategory(values.category) ?? values.category}
            className={`${inputClass} mt-1`}
          >
            {editCategoryOptions(document.category).map((o) => (
              <option key={o.value} value={o.value}>
                {categoryLabel(o.label, i18n)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-tags`} className={labelClass}>
            <Trans>
              Tags <span className="font-normal text-slate-600">(comma-separated)</span>
            </Trans>
          </label>
          <input id={`${ids}-tags`} name="tags" type="text" defaultValue={values.tags} className={`${inputClass} mt-1`} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <DocumentLanguageSelect id={`${ids}-language`} value={values.language} invalid={state.field === "language"} />
      </div>
      <FacetFields initial={values} suggestions={suggestions} invalid={state.field} />
      <label className="flex items-center gap-3 text-sm font-medium">
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
      <FileInformation document={document} headingLevel={headingLevel} />
    </div>
  );
}

function readingText(reading: FileReadingState, i18n: I18n): string {
  if (reading.status === "queued") return i18n._(msg`Being read`);
  const reason = reading.reason ? readingReason(reading.reason, i18n) : i18n._(msg`unknown reason`);
  if (reading.status === "failed") return i18n._(msg`Not read: ${reason}`);
  const pages = reading.pageCount;
  return pages ? i18n._(msg`Read (${plural(pages, { one: "# page", other: "# pages" })})`) : i18n._(msg`Read`);
}

function FileInformation({ document, headingLevel }: { document: EditableDocument; headingLevel: 2 | 3 }) {
  const { i18n, t } = useLingui();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const file = document.file;
  const missingSince = file?.missingSince ? formatLongDate(file.missingSince, i18n) : null;
  // [key, term, value]: the key stays the same in every language.
  const rows: Array<[string, string, string]> = file
    ? [
        ["name", t`File name`, file.name ?? "—"],
        ["type", t`Type`, file.type ?? (file.ext ? file.ext.toUpperCase() : "—")],
        ["size", t`Size`, formatBytes(document.size, i18n)],
        ["sha256", "SHA-256", file.sha256 ? `${file.sha256.slice(0, 12)}…` : "—"],
        ["uploaded", t`Uploaded`, formatLongDate(document.created_at, i18n)],
        ...(missingSince ? [["stored", t`Stored file`, t`Missing (found gone ${missingSince})`] as [string, string, string]] : []),
        ...(file.reading ? [["text", t`Text`, readingText(file.reading, i18n)] as [string, string, string]] : []),
      ]
    : [["file", t`File`, t`No file attached`]];
  return (
    <section aria-label={t`File information`} className="rounded-md border border-slate-200 bg-slate-50 p-3">
      <Heading className="text-sm font-semibold">
        <Trans>File information</Trans>
      </Heading>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([key, term, value]) => (
          <div key={key} className="contents">
            <dt className="text-slate-600">{term}</dt>
            <dd className="min-w-0 break-all" title={key === "sha256" ? (file?.sha256 ?? undefined) : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
