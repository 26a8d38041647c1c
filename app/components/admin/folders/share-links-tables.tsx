import { Trans, useLingui } from "@lingui/react/macro";
import { Link2, Search } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { CopyButton } from "~/components/ui/copy-button";
import { formatLongDate } from "~/lib/format";
import { type ShareKind, shareUrl } from "~/lib/share-links";
import { SpriteIcon } from "../../ui/icon-sprite";
import { buttonClass, inputClass, labelClass } from "../../ui/styles";
import { ActionsCell, AdminTable, ClampedText, cellClass } from "../admin-table";
import { categoryLabel } from "../content/messages";

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

const LIST_PATH = "/admin/shareable-links";
/** A ghost button a little tighter than the usual one, so Copy, Regenerate and Revoke fit at 1280 px. */
const TIGHT_BUTTON =
  "inline-flex items-center justify-center gap-1.5 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100";

function LinkCell({ url, title }: { url: string; title: string }) {
  const id = useId();
  const { t } = useLingui();
  return (
    <div className="flex min-w-[9rem] items-center gap-1">
      <input
        id={id}
        readOnly
        value={url}
        aria-label={t`Share link of ${title}`}
        onFocus={(e) => e.currentTarget.select()}
        className={`${inputClass} min-w-0 flex-1 py-1 text-xs`}
      />
      <CopyButton text={url} label={t`Copy link of ${title}`} fieldId={id} className={TIGHT_BUTTON} />
    </div>
  );
}

/**
 * Regenerate and Revoke: one form per row, each button sending its own intent (the browser, and
 * React Router's Form, send the name and value of the button pressed), so a table of 100 rows
 * renders 100 forms rather than 200, each with its hidden fields.
 */
function Actions({ kind, id, title, returnTo }: { kind: ShareKind; id: string; title: string; returnTo: string }) {
  const { t } = useLingui();
  return (
    <Form method="post" action={LIST_PATH} className="flex gap-1">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" name="intent" value="regenerate" className={TIGHT_BUTTON} aria-label={t`Regenerate link of ${title}`}>
        <SpriteIcon name="refresh-cw" className="h-4 w-4" />
        <span className="sr-only sm:not-sr-only">
          <Trans>Regenerate</Trans>
        </span>
      </button>
      <button type="submit" name="intent" value="revoke" className={TIGHT_BUTTON} aria-label={t`Revoke link of ${title}`}>
        <SpriteIcon name="trash" className="h-4 w-4 text-red-700" />
        <span className="sr-only sm:not-sr-only">
          <Trans>Revoke</Trans>
        </span>
      </button>
    </Form>
  );
}

function Empty({ children }: { children: React.ReactNode }) {
  return <p className="mt-4 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">{children}</p>;
}

/**
 * One row of either table: the item's name (a row header), its own columns, its link with Copy,
 * and Regenerate and Revoke pinned in view.
 */
function ShareLinkRow({
  kind,
  id,
  title,
  href,
  cells,
  url,
  returnTo,
}: {
  kind: ShareKind;
  id: string;
  /** The item's name: the row header, and what the buttons' labels name. */
  title: string;
  /** Where the name links to, if anywhere (the folder's admin page). */
  href?: string;
  cells: React.ReactNode[];
  url: string;
  /** Where Regenerate and Revoke come back to without JavaScript: the page of the table shown. */
  returnTo: string;
}) {
  const name = <ClampedText text={title} className="min-w-[6rem] max-w-[14rem]" />;
  return (
    <tr>
      <th scope="row" className={`${cellClass} text-left align-top font-medium`}>
        {href ? (
          <a href={href} className="text-brand-700 hover:underline">
            {name}
          </a>
        ) : (
          name
        )}
      </th>
      {cells.map((cell, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed; their place is their identity
        <td key={i} className={`${cellClass} align-top`}>
          {cell}
        </td>
      ))}
      <td className={`${cellClass} align-top`}>
        <LinkCell url={url} title={title} />
      </td>
      <ActionsCell>
        <Actions kind={kind} id={id} title={title} returnTo={returnTo} />
      </ActionsCell>
    </tr>
  );
}

export function SharedDocumentsTable({ documents, origin, returnTo }: { documents: SharedDocument[]; origin: string; returnTo: string }) {
  const { i18n, t } = useLingui();
  if (documents.length === 0)
    return (
      <Empty>
        <Trans>No document has a share link.</Trans>
      </Empty>
    );
  const columns = [t`Title`, t`Category`, t`Published`, t`Created`, t`Downloads`, t`Link`, { label: t`Actions`, actions: true }];
  return (
    <AdminTable label={t`Shared documents table`} columns={columns}>
      {documents.map((d) => (
        <ShareLinkRow
          key={d.id}
          kind="document"
          id={d.id}
          title={d.title}
          cells={[
            categoryLabel(d.category, i18n),
            d.published ? t`Published` : t`Draft`,
            formatLongDate(d.createdAt, i18n),
            <span key="downloads" className="tabular-nums">
              {d.downloads}
            </span>,
          ]}
          url={shareUrl(origin, "document", d.token)}
          returnTo={returnTo}
        />
      ))}
    </AdminTable>
  );
}

export function SharedFoldersTable({ folders, origin, returnTo }: { folders: SharedFolder[]; origin: string; returnTo: string }) {
  const { i18n, t } = useLingui();
  if (folders.length === 0)
    return (
      <Empty>
        <Trans>No folder has a share link.</Trans>
      </Empty>
    );
  const columns = [t`Name`, t`Public`, t`Views`, t`Created`, t`Link`, { label: t`Actions`, actions: true }];
  return (
    <AdminTable label={t`Shared folders table`} columns={columns}>
      {folders.map((f) => (
        <ShareLinkRow
          key={f.id}
          kind="folder"
          id={f.id}
          title={f.name}
          href={`/admin/folders/${f.id}`}
          cells={[
            f.isPublic ? t`Public` : t`Private`,
            <span key="views" className="tabular-nums">
              {f.views}
            </span>,
            formatLongDate(f.createdAt, i18n),
          ]}
          url={shareUrl(origin, "folder", f.token)}
          returnTo={returnTo}
        />
      ))}
    </AdminTable>
  );
}

/** A "Create link" picker's choices: bounded, narrowed by `find`, `more` when others match too. */
export interface LinkPicker {
  choices: Array<{ id: string; label: string }>;
  find: string;
  more: boolean;
}

/**
 * "Create link" for a document or folder that has none: a picker and a POST. The picker offers at
 * most 100 items (the newest documents, the first folders by name); a GET search above it, the
 * `findParam` of the address, narrows it to those whose name contains the words. `keep` are the
 * address's other parameters (the tables' pages), sent along so the search keeps them.
 */
export function CreateLinkForm({
  kind,
  picker,
  findParam,
  keep,
  returnTo,
}: {
  kind: ShareKind;
  picker: LinkPicker;
  findParam: string;
  keep: Record<string, string>;
  returnTo: string;
}) {
  const id = useId();
  const findId = useId();
  const { t } = useLingui();
  const isDocument = kind === "document";
  const { choices, find, more } = picker;
  const count = choices.length;
  return (
    <div className="mt-3">
      {more || find ? (
        <Form
          method="get"
          action={LIST_PATH}
          role="search"
          aria-label={isDocument ? t`Find a document without a link` : t`Find a folder without a link`}
          className="flex flex-wrap items-end gap-2"
        >
          {Object.entries(keep).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="min-w-0 flex-1 sm:max-w-md">
            <label htmlFor={findId} className={labelClass}>
              {isDocument ? t`Find a document without a link` : t`Find a folder without a link`}
            </label>
            <input
              id={findId}
              type="search"
              name={findParam}
              defaultValue={find}
              placeholder={isDocument ? t`Part of the title` : t`Part of the name`}
              className={`${inputClass} mt-1`}
            />
          </div>
          <button type="submit" className={buttonClass.secondary}>
            <Search aria-hidden className="h-4 w-4" />
            <Trans>Find</Trans>
          </button>
        </Form>
      ) : null}
      {choices.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {isDocument
            ? find
              ? t`No document without a link matches "${find}".`
              : t`Every document has a share link.`
            : find
              ? t`No folder without a link matches "${find}".`
              : t`Every folder has a share link.`}
        </p>
      ) : (
        <Form method="post" action={LIST_PATH} className="mt-3 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="ensure" />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <div className="min-w-0 flex-1 sm:max-w-md">
            <label htmlFor={id} className={labelClass}>
              {isDocument ? t`Document without a link` : t`Folder without a link`}
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
            <Trans>Create link</Trans>
          </button>
          {more ? (
            <p className="w-full text-sm text-slate-600">
              {isDocument ? (
                find ? (
                  <Trans>Showing the {count} newest matching documents without a link; type part of a title above to find others.</Trans>
                ) : (
                  <Trans>Showing the {count} newest documents without a link; type part of a title above to find others.</Trans>
                )
              ) : find ? (
                <Trans>Showing the first {count} matching folders without a link; type part of a name above to find others.</Trans>
              ) : (
                <Trans>Showing the first {count} folders without a link; type part of a name above to find others.</Trans>
              )}
            </p>
          ) : null}
        </Form>
      )}
    </div>
  );
}
