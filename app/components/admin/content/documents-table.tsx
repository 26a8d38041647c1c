import { Trans, useLingui } from "@lingui/react/macro";
import { FileX } from "lucide-react";
import type { FacetSuggestions } from "~/lib/document-facets";
import { DEFAULT_DOCUMENT_LANGUAGE, isDocumentLanguage } from "~/lib/document-language";
import { documentLanguageName } from "~/lib/document-language-names";
import { type FileReadingState, readingReason } from "~/lib/file-reading";
import { formatBytes, formatLongDate } from "~/lib/format";
import { SpriteIcon } from "../../ui/icon-sprite";
import { buttonClass } from "../../ui/styles";
import { ActionsCell, AdminTable, ClampedText, cellClass, StatePill } from "../admin-table";
import { DeleteButton } from "./confirm-delete";
import { type EditableDocument, EditDocumentButton } from "./document-edit-form";
import { categoryLabel } from "./messages";

/** A download or `portal check` found the stored file gone: downloads of this document fail until it is restored. */
function FileMissingBadge({ since }: { since: string }) {
  const { i18n, t } = useLingui();
  const date = formatLongDate(since, i18n);
  return (
    <span
      className="ml-1 inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-800"
      title={t`The stored file was found missing on ${date}; downloads fail until it is restored.`}
    >
      <FileX aria-hidden className="h-3 w-3" />
      <Trans>File missing</Trans>
    </span>
  );
}

/** Reading the file's text (issue 11): shown while it waits and when it failed, with the reason; nothing once read. */
function ReadingBadge({ reading }: { reading: FileReadingState }) {
  const { i18n, t } = useLingui();
  if (reading.status === "done") return null;
  const failed = reading.status === "failed";
  const reason = reading.reason ? readingReason(reading.reason, i18n) : t`not read`;
  return (
    <span
      className={`ml-1 inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${failed ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-700"}`}
      title={
        failed
          ? t`The file is published and downloadable; its text could not be read for search and the text view.`
          : t`The file's text is being read for search and the text view.`
      }
    >
      {failed ? t`Text: ${reason}` : t`Reading text…`}
    </span>
  );
}

/** The Documents table (admin-and-sharing section 2): every document, drafts included. */
export function DocumentsTable({ documents, suggestions }: { documents: EditableDocument[]; suggestions: FacetSuggestions }) {
  const { i18n, t } = useLingui();
  const columns = [t`Title`, t`Description`, t`Category`, t`Size`, t`Status`, t`Date`, { label: t`Actions`, actions: true }];
  return (
    <AdminTable label={t`Documents table`} columns={columns}>
      {documents.map((d) => {
        const title = d.title;
        return (
          <tr key={d.id}>
            <td className={`${cellClass} font-medium`}>
              <ClampedText text={d.title} />
            </td>
            <td className={`${cellClass} text-slate-600`}>
              {d.description ? <ClampedText text={d.description} className="min-w-[8rem] max-w-xs" /> : "—"}
            </td>
            <td className={cellClass}>
              {categoryLabel(d.category, i18n)}
              {/* The spec's columns stay; a document not in English says its language under its category. */}
              {d.language !== DEFAULT_DOCUMENT_LANGUAGE && isDocumentLanguage(d.language) ? (
                <span className="block whitespace-nowrap text-xs text-slate-600">{documentLanguageName(d.language, i18n)}</span>
              ) : null}
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatBytes(d.size, i18n)}</td>
            <td className={cellClass}>
              <StatePill on={d.published} labels={[t`Published`, t`Draft`]} off="amber" />
              {d.file?.missingSince ? <FileMissingBadge since={d.file.missingSince} /> : null}
              {d.file?.reading ? <ReadingBadge reading={d.file.reading} /> : null}
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatLongDate(d.created_at, i18n)}</td>
            <ActionsCell>
              <EditDocumentButton document={d} suggestions={suggestions} />
              {d.file ? (
                <a href={`/api/documents/${d.id}/download`} className={buttonClass.ghost} aria-label={t`Download ${title}`}>
                  <SpriteIcon name="download" className="h-4 w-4" />
                </a>
              ) : null}
              <DeleteButton target={{ kind: "document", title: d.title, href: `/admin/documents/${d.id}/delete` }} />
            </ActionsCell>
          </tr>
        );
      })}
    </AdminTable>
  );
}
