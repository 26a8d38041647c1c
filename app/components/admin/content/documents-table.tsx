import { Download } from "lucide-react";
import type { FacetSuggestions } from "~/lib/document-facets";
import { formatBytes, formatLongDate } from "~/lib/format";
import { buttonClass } from "../../ui/styles";
import { DeleteButton } from "./confirm-delete";
import { type EditableDocument, EditDocumentButton } from "./document-edit-form";

const COLUMNS = ["Title", "Description", "Category", "Size", "Status", "Date", "Actions"];

/** The Documents table (admin-and-sharing section 2): every document, drafts included. */
export function DocumentsTable({ documents, suggestions }: { documents: EditableDocument[]; suggestions: FacetSuggestions }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            {COLUMNS.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {documents.map((d) => (
            <tr key={d.id}>
              <td className="px-3 py-2 font-medium">{d.title}</td>
              <td className="max-w-xs truncate px-3 py-2 text-slate-600">{d.description ?? "—"}</td>
              <td className="px-3 py-2">{d.category}</td>
              <td className="whitespace-nowrap px-3 py-2">{formatBytes(d.size)}</td>
              <td className="px-3 py-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ${d.published ? "bg-green-100 text-green-800" : "bg-amber-100 text-amber-900"}`}
                >
                  {d.published ? "Published" : "Draft"}
                </span>
              </td>
              <td className="whitespace-nowrap px-3 py-2">{formatLongDate(d.created_at)}</td>
              <td className="px-3 py-2">
                <div className="flex items-center">
                  <EditDocumentButton document={d} suggestions={suggestions} />
                  {d.file ? (
                    <a href={`/api/documents/${d.id}/download`} className={buttonClass.ghost} aria-label={`Download ${d.title}`}>
                      <Download aria-hidden className="h-4 w-4" />
                    </a>
                  ) : null}
                  <DeleteButton
                    target={{ kind: "document", title: d.title, href: `/admin/documents/${d.id}/delete`, consequence: "with its file" }}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
