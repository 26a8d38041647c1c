import { Trans, useLingui } from "@lingui/react/macro";
import { Files, Upload } from "lucide-react";
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { EMPTY_FACETS_INPUT, type FacetSuggestions, facetsInputOf } from "~/lib/document-facets";
import { DOCUMENT_MESSAGES } from "~/lib/document-form";
import { DEFAULT_DOCUMENT_LANGUAGE } from "~/lib/document-language";
import {
  BULK_ACCEPT,
  BULK_MAX_FILES,
  type BulkFileResult,
  bulkTitle,
  checkBulkFile,
  FOLDER_MESSAGES,
  FOLDER_UPLOAD_CATEGORIES,
} from "~/lib/folders";
import { Alert } from "../../ui/alert";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { useHydrated } from "../../ui/use-hydrated";
import { AdminDialog } from "../content/admin-dialog";
import { DocumentLanguageSelect } from "../content/document-language-select";
import { FacetFields } from "../content/facet-fields";
import { bulkSummaryText, localMessage } from "../content/messages";
import { BulkResults, type Entry, EntryList } from "./bulk-entries";
import { BULK_UPLOAD_HREF, sendOneFile } from "./bulk-transport";
import { CategorySelect, type FolderChoice, FolderSelect } from "./upload-to-folder";

/** The settings every file of the upload gets: folder, category, language, published, partner, sectors and locations. */
function Settings({ folders, folderId, suggestions }: { folders: FolderChoice[]; folderId: string; suggestions: FacetSuggestions }) {
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div>
        <label htmlFor={`${id}-folder`} className={labelClass}>
          <Trans>
            Folder <span className="font-normal text-slate-600">(optional)</span>
          </Trans>
        </label>
        <FolderSelect id={`${id}-folder`} folders={folders} value={folderId} required={false} />
      </div>
      <div>
        <label htmlFor={`${id}-category`} className={labelClass}>
          <Trans>Category</Trans>
        </label>
        <CategorySelect id={`${id}-category`} value={FOLDER_UPLOAD_CATEGORIES[0]} />
      </div>
      <DocumentLanguageSelect id={`${id}-language`} value={DEFAULT_DOCUMENT_LANGUAGE} />
      <label className="flex items-center gap-3 self-end pb-2 text-sm font-medium">
        <input type="checkbox" role="switch" name="published" value="true" defaultChecked className="h-5 w-9 accent-brand-600" />
        <Trans>Published</Trans>
      </label>
      <div className="sm:col-span-3">
        <FacetFields initial={EMPTY_FACETS_INPUT} suggestions={suggestions} />
      </div>
    </div>
  );
}

function FilesInput({ id, onChange }: { id: string; onChange?: (files: File[]) => void }) {
  const max = BULK_MAX_FILES;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        <Trans>
          Files{" "}
          <span className="font-normal text-slate-600">(PDF, Word, Excel, PowerPoint, text or CSV; each up to 50MB; at most {max})</span>
        </Trans>
      </label>
      <input
        id={id}
        name="files"
        type="file"
        multiple
        accept={BULK_ACCEPT}
        onChange={(e) => onChange?.(Array.from(e.currentTarget.files ?? []))}
        className={`${inputClass} mt-1`}
      />
    </div>
  );
}

/** Without JavaScript: one multipart form, titles from the file names, the results on the page. */
export function BulkUploadPlainForm({
  folders,
  suggestions,
  folderId = "",
  results,
  message,
}: {
  folders: FolderChoice[];
  suggestions: FacetSuggestions;
  folderId?: string;
  results: BulkFileResult[] | null;
  message: string | null;
}) {
  const id = useId();
  const { i18n } = useLingui();
  return (
    <form method="post" action={BULK_UPLOAD_HREF} encType="multipart/form-data" className="space-y-4">
      {message ? <Alert tone="error" title={localMessage(message, i18n)} /> : null}
      {results ? <BulkResults results={results} /> : null}
      <Settings folders={folders} folderId={folderId} suggestions={suggestions} />
      <FilesInput id={`${id}-files`} />
      <p className="text-sm text-slate-600">
        <Trans>
          Each document is titled with its file name without the extension (“Site List 2024.pdf” becomes “Site List 2024”); you can rename
          documents afterwards. The files are sent together, without a progress bar.
        </Trans>
      </p>
      <button type="submit" className={buttonClass.primary}>
        <Upload aria-hidden className="h-4 w-4" />
        <Trans>Upload files</Trans>
      </button>
    </form>
  );
}

let keySeq = 0;

function toEntries(files: File[]): Entry[] {
  return files.map((file) => {
    const refused = checkBulkFile(file);
    return { key: ++keySeq, file, title: bulkTitle(file.name), status: refused ? "refused" : "ready", percent: 0, message: refused };
  });
}

/** With JavaScript: a title per file (pre-filled from its name), then one request per file, in turn, each with its own progress bar. */
export function BulkUploadForm({
  folders,
  suggestions,
  folderId = "",
}: {
  folders: FolderChoice[];
  suggestions: FacetSuggestions;
  folderId?: string;
}) {
  const id = useId();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { revalidate } = useRevalidator();
  const { i18n, t } = useLingui();
  const update = (key: number, change: Partial<Entry>) => setEntries((all) => all.map((e) => (e.key === key ? { ...e, ...change } : e)));

  function refuse(message: string) {
    const shown = localMessage(message, i18n);
    setProblem(shown);
    toast.error(shown);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    const toSend = entries.filter((e) => e.status === "ready" || e.status === "error");
    if (entries.length === 0) return refuse(FOLDER_MESSAGES.noFiles);
    if (toSend.some((e) => !e.title.trim())) return refuse(FOLDER_MESSAGES.missingTitles);
    setProblem(null);
    setSummary(null);
    setBusy(true);
    const settings = {
      folderId: String(form.get("folderId") ?? ""),
      category: String(form.get("category") ?? ""),
      language: String(form.get("language") ?? ""),
      published: form.get("published") === "true",
      ...facetsInputOf((name) => form.getAll(name).map(String)),
    };
    // The outcome of every file, kept here too: the state updates land after this loop reads them.
    const outcome = new Map(entries.map((e) => [e.key, e.status]));
    for (const entry of toSend) {
      update(entry.key, { status: "uploading", percent: 0, message: null });
      const finish = (status: Entry["status"], message: string | null) => {
        outcome.set(entry.key, status);
        update(entry.key, status === "done" ? { status, percent: 100, message } : { status, message });
      };
      try {
        const answer = await sendOneFile(entry.file, entry.title.trim(), settings, (percent) => update(entry.key, { percent }));
        // A refusal by the server is final; only a failed connection is worth sending again.
        if (!answer.ok) finish("refused", answer.message);
        else if (answer.result.ok) finish("done", t`Uploaded`);
        else finish("refused", answer.result.message);
      } catch {
        finish("error", DOCUMENT_MESSAGES.uploadFailed);
      }
    }
    const stored = [...outcome.values()].filter((s) => s === "done").length;
    const closing = bulkSummaryText(stored, entries.length - stored, i18n);
    setSummary(closing);
    if (stored === entries.length) toast.success(t`Upload successful`, { description: closing });
    else toast.error(t`Some files were not uploaded`, { description: closing });
    setBusy(false);
    void revalidate();
  }

  return (
    <form method="post" action={BULK_UPLOAD_HREF} encType="multipart/form-data" noValidate onSubmit={onSubmit} className="space-y-4">
      {problem ? <Alert tone="error" title={problem} /> : null}
      <Settings folders={folders} folderId={folderId} suggestions={suggestions} />
      <FilesInput
        id={`${id}-files`}
        onChange={(files) => {
          setProblem(null);
          setSummary(null);
          setEntries(toEntries(files));
        }}
      />
      <EntryList entries={entries} disabled={busy} onTitle={(key, title) => update(key, { title })} />
      {summary ? (
        <p role="status" className="text-sm font-semibold" data-testid="bulk-summary">
          {summary}
        </p>
      ) : null}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        <Upload aria-hidden className="h-4 w-4" />
        {busy ? t`Uploading...` : t`Upload files`}
      </button>
    </form>
  );
}

/** "Bulk Upload": a dialog with JavaScript, the bulk upload page without it. */
export function BulkUploadButton({
  folders,
  suggestions,
  folderId = "",
}: {
  folders: FolderChoice[];
  suggestions: FacetSuggestions;
  folderId?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const label = (
    <>
      <Files aria-hidden className="h-4 w-4" />
      <Trans>Bulk Upload</Trans>
    </>
  );
  if (!hydrated) {
    return (
      <a
        href={folderId ? `${BULK_UPLOAD_HREF}?folderId=${encodeURIComponent(folderId)}` : BULK_UPLOAD_HREF}
        className={buttonClass.secondary}
      >
        {label}
      </a>
    );
  }
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      wide
      title={t`Bulk Upload`}
      description={t`Upload many files at once. Each file needs a title; it starts as the file's name.`}
      trigger={
        <button type="button" className={buttonClass.secondary}>
          {label}
        </button>
      }
    >
      <BulkUploadForm folders={folders} suggestions={suggestions} folderId={folderId} />
    </AdminDialog>
  );
}
