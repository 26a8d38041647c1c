import { Download } from "lucide-react";
import { formatBytes, formatLongDate } from "~/lib/format";
import { buttonClass } from "../../ui/styles";
import { ActionsCell, AdminTable, ClampedText, cellClass, StatePill } from "../admin-table";
import { DeleteButton } from "./confirm-delete";
import { type EditableDocument, EditDocumentButton } from "./document-edit-form";

const COLUMNS = ["Title", "Description", "Category", "Size", "Status", "Date", { label: "Actions", actions: true }];

/** The Documents table (admin-and-sharing section 2): every document, drafts included. */
export function DocumentsTable({ documents }: { documents: EditableDocument[] }) {
  return (
    <AdminTable label="Documents table" columns={COLUMNS}>
      {documents.map((d) => (
        <tr key={d.id}>
          <td className={`${cellClass} font-medium`}>
            <ClampedText text={d.title} />
          </td>
          <td className={`${cellClass} text-slate-600`}>
            {d.description ? <ClampedText text={d.description} className="min-w-[8rem] max-w-xs" /> : "—"}
          </td>
          <td className={cellClass}>{d.category}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{formatBytes(d.size)}</td>
          <td className={cellClass}>
            <StatePill on={d.published} labels={["Published", "Draft"]} off="amber" />
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>{formatLongDate(d.created_at)}</td>
          <ActionsCell>
            <EditDocumentButton document={d} />
            {d.file ? (
              <a href={`/api/documents/${d.id}/download`} className={buttonClass.ghost} aria-label={`Download ${d.title}`}>
                <Download aria-hidden className="h-4 w-4" />
              </a>
            ) : null}
            <DeleteButton
              target={{ kind: "document", title: d.title, href: `/admin/documents/${d.id}/delete`, consequence: "with its file" }}
            />
          </ActionsCell>
        </tr>
      ))}
    </AdminTable>
  );
}
