import { Trans, useLingui } from "@lingui/react/macro";
import { AdminTable, ClampedText, cellClass as cell } from "../admin-table";

export interface TopDocumentRow {
  id: string;
  title: string | null;
  category: string | null;
  published: boolean;
  count: number;
  allTimeViews: number | null;
  allTimeDownloads: number | null;
}

export interface TopDashboardRow {
  id: string;
  title: string | null;
  provider: string | null;
  count: number;
}

export interface CategoryRow {
  category: string;
  views: number;
  downloads: number;
}

function Table({
  id,
  caption,
  headers,
  children,
}: {
  /** The heading's id (the caption is in the page's language). */
  id: string;
  caption: string;
  headers: string[];
  children: React.ReactNode[];
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-lg font-semibold">
        {caption}
      </h2>
      {children.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">
          <Trans>Nothing in this period</Trans>
        </p>
      ) : (
        <AdminTable label={t`${caption} table`} columns={headers} className="mt-3">
          {children}
        </AdminTable>
      )}
    </section>
  );
}

function DocumentTitle({ row }: { row: TopDocumentRow }) {
  if (row.title === null)
    return (
      <span className="italic text-slate-600">
        <Trans>Deleted document</Trans>
      </span>
    );
  return (
    <>
      <a href={`/admin/documents/${row.id}/edit`} className="font-medium text-brand-700 hover:underline">
        <ClampedText text={row.title} className="min-w-[8rem] max-w-[20rem]" />
      </a>
      {row.published ? null : (
        <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
          <Trans>Draft</Trans>
        </span>
      )}
    </>
  );
}

/** Top documents by one measure in the period, with their all-time counts beside. */
export function TopDocuments({ measure, rows }: { measure: "views" | "downloads"; rows: TopDocumentRow[] }) {
  const { t } = useLingui();
  return (
    <Table
      id={`top-documents-by-${measure}`}
      caption={measure === "views" ? t`Top documents by views` : t`Top documents by downloads`}
      headers={[
        "#",
        t`Document`,
        t`Category`,
        measure === "views" ? t`Views in period` : t`Downloads in period`,
        t`All-time views`,
        t`All-time downloads`,
      ]}
    >
      {rows.map((r, i) => (
        <tr key={r.id}>
          <td className={cell}>{i + 1}</td>
          <td className={cell}>
            <DocumentTitle row={r} />
          </td>
          <td className={cell}>{r.category ?? "—"}</td>
          <td className={`${cell} font-semibold`}>{r.count}</td>
          <td className={cell}>{r.allTimeViews ?? "—"}</td>
          <td className={cell}>{r.allTimeDownloads ?? "—"}</td>
        </tr>
      ))}
    </Table>
  );
}

export function TopDashboards({ rows }: { rows: TopDashboardRow[] }) {
  const { t } = useLingui();
  return (
    <Table
      id="top-dashboards-by-views"
      caption={t`Top dashboards by views`}
      headers={["#", t({ message: "Dashboard", context: "a data dashboard, in a table of dashboards" }), t`Provider`, t`Views in period`]}
    >
      {rows.map((r, i) => (
        <tr key={r.id}>
          <td className={cell}>{i + 1}</td>
          <td className={cell}>
            {r.title ?? (
              <span className="italic text-slate-600">
                <Trans>Deleted dashboard</Trans>
              </span>
            )}
          </td>
          <td className={cell}>{r.provider ?? "—"}</td>
          <td className={`${cell} font-semibold`}>{r.count}</td>
        </tr>
      ))}
    </Table>
  );
}

export function ByCategory({ rows }: { rows: CategoryRow[] }) {
  const { t } = useLingui();
  return (
    <Table
      id="views-and-downloads-by-category"
      caption={t`Views and downloads by category`}
      headers={[t`Category`, t`Views`, t`Downloads`]}
    >
      {rows.map((r) => (
        <tr key={r.category}>
          <th scope="row" className={`${cell} text-left font-medium`}>
            {r.category}
          </th>
          <td className={cell}>{r.views}</td>
          <td className={cell}>{r.downloads}</td>
        </tr>
      ))}
    </Table>
  );
}
