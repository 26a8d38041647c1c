import { type Kysely, sql } from "kysely";
import type { Database } from "../db/types";

/**
 * Every column that names a stored object, with what its row recorded about the file (the same
 * columns an export carries along: transfer/tables.ts FILE_COLUMNS; a test keeps the two lists
 * together). Table and column names are constants of this file, never input.
 */
export interface FileSource {
  /** What the report calls a row of it. */
  kind: "document" | "attachment" | "dashboard file" | "dashboard thumbnail" | "document thumbnail";
  table: keyof Database & string;
  /** The primary key, which pages are read by. */
  id: string;
  key: string;
  size: string | null;
  sha256: string | null;
  /** SQL giving the row's name in the report (a title, a label). */
  label: string;
}

export const FILE_SOURCES: readonly FileSource[] = [
  { kind: "document", table: "documents", id: "id", key: "file_path", size: "size", sha256: "sha256", label: "title" },
  {
    kind: "attachment",
    table: "document_attachments",
    id: "id",
    key: "file_path",
    size: "file_size",
    sha256: "sha256",
    label: "label",
  },
  // The old data model's file of a dashboard: nothing writes it today, an imported one is a file all the same.
  { kind: "dashboard file", table: "dashboards", id: "id", key: "file_path", size: null, sha256: null, label: "title" },
  {
    kind: "dashboard thumbnail",
    table: "dashboards",
    id: "id",
    key: "thumbnail_key",
    size: "thumbnail_size",
    sha256: "thumbnail_sha256",
    label: "title",
  },
  {
    kind: "document thumbnail",
    table: "file_contents",
    id: "file_key",
    key: "thumbnail_key",
    size: "thumbnail_size",
    sha256: "thumbnail_sha256",
    label: "(select title from documents where documents.id = file_contents.document_id)",
  },
];

export interface FileRow {
  id: string;
  label: string | null;
  key: string;
  size: number | null;
  sha256: string | null;
}

const column = (name: string | null) => (name === null ? sql`null` : sql.ref(name));

/** One page of the rows of `source` that name a stored object, by primary key after `afterId`. */
export async function selectFilePage(db: Kysely<Database>, source: FileSource, afterId: string | null, limit: number): Promise<FileRow[]> {
  const after = afterId === null ? sql`` : sql`and ${sql.ref(source.id)} > ${afterId}`;
  const { rows } = await sql<FileRow>`select ${sql.ref(source.id)} as id, ${sql.raw(source.label)} as label,
      ${sql.ref(source.key)} as key, ${column(source.size)} as size, ${column(source.sha256)} as sha256
    from ${sql.table(source.table)}
    where ${sql.ref(source.key)} is not null and ${sql.ref(source.key)} <> '' ${after}
    order by ${sql.ref(source.id)} limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, size: r.size === null ? null : Number(r.size) }));
}

/** How many rows of `source` record a sha256 for their file: what a checksum pass reads. */
export async function countHashedFiles(db: Kysely<Database>, source: FileSource): Promise<number> {
  if (source.sha256 === null) return 0;
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(source.table)}
    where ${sql.ref(source.key)} is not null and ${sql.ref(source.key)} <> '' and ${sql.ref(source.sha256)} is not null`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Those of `keys` some row names now (rows written since the check read its pages). */
export async function selectReferencedKeys(db: Kysely<Database>, keys: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  if (!keys.length) return found;
  for (const source of FILE_SOURCES) {
    const { rows } = await sql<{ key: string }>`select ${sql.ref(source.key)} as key from ${sql.table(source.table)}
      where ${sql.ref(source.key)} in (${sql.join(keys)})`.execute(db);
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/** The thumbnail columns dashboards and file contents share, emptied. */
const NO_THUMBNAIL = { thumbnail_key: null, thumbnail_width: null, thumbnail_height: null, thumbnail_size: null, thumbnail_sha256: null };

/**
 * Forgets a thumbnail whose object is gone or damaged, so the placeholder shows: only while the
 * row still names that object (a new thumbnail stored since is kept). Returns whether it did.
 */
export async function clearThumbnail(db: Kysely<Database>, source: FileSource, id: string, key: string): Promise<boolean> {
  const result =
    source.kind === "dashboard thumbnail"
      ? await db.updateTable("dashboards").set(NO_THUMBNAIL).where("id", "=", id).where("thumbnail_key", "=", key).executeTakeFirst()
      : source.kind === "document thumbnail"
        ? await db
            .updateTable("file_contents")
            .set(NO_THUMBNAIL)
            .where("file_key", "=", id)
            .where("thumbnail_key", "=", key)
            .executeTakeFirst()
        : null;
  return Number(result?.numUpdatedRows ?? 0) > 0;
}
