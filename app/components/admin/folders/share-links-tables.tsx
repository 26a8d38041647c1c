import { Link2, RefreshCw, Trash2 } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { formatLongDate } from "~/lib/format";
import { type ShareKind, shareUrl } from "~/lib/share-links";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { CopyButton } from "./copy-button";

/** The Shareable Links screen's tables and forms (admin-and-sharing sections 2 and 7). Plain forms: they work without JavaScript. */

interface SharedDocument {
  id: string;
  title: string;
  category: string;
  published: boolean;
  createdAt: string;
  downloads: number;
  token: string;
}

interface SharedFolder {
  id: string;
  name: string;
  isPublic: boolean;
  views: number;
  createdAt: string;
  token: string;
}

const RETURN_TO = "/admin/shareable-links";
/** Scrolls sideways on a small screen; `relative` keeps the screen-reader-only labels inside it, or they would widen the page. */
const TABLE_WRAP = "relative mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white";
const th = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-slate-600";
const td = "px-3 py-2 align-top text-sm";

function TokenForm({
  kind,
  id,
  intent,
  label,
  children,
}: {
  kind: ShareKind;
  id: string;
  intent: "revoke" | "regenerate";
  label: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action="/admin/shareable-links">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={RETURN_TO} />
      <button type="submit" className={buttonClass.ghost} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

function LinkCell({ url, title }: { url: string; title: string }) {
  const id = useId();
  return (
    <div className="flex min-w-[14rem] items-center gap-1">
      <input
        id={id}
        readOnly
        value={url}
        aria-label={`Share link of ${title}`}
        onFocus={(e) => e.currentTarget.select()}
        className={`${inputClass} min-w-0 flex-1 py-1 text-xs`}
      />
      <CopyButton text={url} label={`Copy link of ${title}`} fieldId={id} className={buttonClass.ghost} />
    </div>
  );
}

function Actions({ kind, id, title }: { kind: ShareKind; id: string; title: string }) {
  return (
    <div className="flex gap-1">
      <TokenForm kind={kind} id={id} intent="regenerate" label={`Regenerate link of ${title}`}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        <span className="sr-only sm:not-sr-only">Regenerate</span>
      </TokenForm>
      <TokenForm kind={kind} id={id} intent="revoke" label={`Revoke link of ${title}`}>
        <Trash2 aria-hidden className="h-4 w-4 text-red-700" />
        <span className="sr-only sm:not-sr-only">Revoke</span>
      </TokenForm>
    </div>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{children}</p>;
}

export function SharedDocumentsTable({ documents, origin }: { documents: SharedDocument[]; origin: string }) {
  if (documents.length === 0) return <Empty>No document has a share link.</Empty>;
  return (
    <div className={TABLE_WRAP}>
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            {["Title", "Category", "Published", "Created", "Downloads", "Link", "Actions"].map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {documents.map((d) => (
            <tr key={d.id}>
              <th scope="row" className={`${td} text-left font-medium`}>
                {d.title}
              </th>
              <td className={td}>{d.category}</td>
              <td className={td}>{d.published ? "Published" : "Draft"}</td>
              <td className={`${td} whitespace-nowrap`}>{formatLongDate(d.createdAt)}</td>
              <td className={`${td} tabular-nums`}>{d.downloads}</td>
              <td className={td}>
                <LinkCell url={shareUrl(origin, "document", d.token)} title={d.title} />
              </td>
              <td className={td}>
                <Actions kind="document" id={d.id} title={d.title} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SharedFoldersTable({ folders, origin }: { folders: SharedFolder[]; origin: string }) {
  if (folders.length === 0) return <Empty>No folder has a share link.</Empty>;
  return (
    <div className={TABLE_WRAP}>
      <table className="min-w-full divide-y divide-slate-200">
        <thead className="bg-slate-50">
          <tr>
            {["Name", "Public", "Views", "Created", "Link", "Actions"].map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {folders.map((f) => (
            <tr key={f.id}>
              <th scope="row" className={`${td} text-left font-medium`}>
                <a href={`/admin/folders/${f.id}`} className="text-brand-700 hover:underline">
                  {f.name}
                </a>
              </th>
              <td className={td}>{f.isPublic ? "Public" : "Private"}</td>
              <td className={`${td} tabular-nums`}>{f.views}</td>
              <td className={`${td} whitespace-nowrap`}>{formatLongDate(f.createdAt)}</td>
              <td className={td}>
                <LinkCell url={shareUrl(origin, "folder", f.token)} title={f.name} />
              </td>
              <td className={td}>
                <Actions kind="folder" id={f.id} title={f.name} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Create link" for a document or folder that has none: a picker and a POST. */
export function CreateLinkForm({ kind, choices }: { kind: ShareKind; choices: Array<{ id: string; label: string }> }) {
  const id = useId();
  const what = kind === "document" ? "document" : "folder";
  if (choices.length === 0) return <p className="mt-2 text-sm text-slate-600">Every {what} has a share link.</p>;
  return (
    <Form method="post" action="/admin/shareable-links" className="mt-3 flex flex-wrap items-end gap-2">
      <input type="hidden" name="intent" value="ensure" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="returnTo" value={RETURN_TO} />
      <div className="min-w-0 flex-1 sm:max-w-md">
        <label htmlFor={id} className={labelClass}>
          {kind === "document" ? "Document without a link" : "Folder without a link"}
        </label>
        <select id={id} name="id" required className={`${inputClass} mt-1`}>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass.primary}>
        <Link2 aria-hidden className="h-4 w-4" />
        Create link
      </button>
    </Form>
  );
}
