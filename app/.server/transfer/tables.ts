import type { Database } from "../db/types";

/**
 * Every table a dump holds, parents before children, so the rows load in file order with foreign
 * keys enforced (and delete in the reverse order). Kysely's own migration tables are not data and
 * are left out. `key` is the primary key a table is read in order of.
 *
 * This list is checked against the live schema before every dump and restore (schema.ts): a
 * migration that adds a table, a column's foreign key to a later table, or a table that
 * references itself makes both refuse to run until this list is updated, so nothing can be
 * silently left behind.
 */
export const TRANSFER_TABLES = [
  { name: "users", key: "id" },
  { name: "sessions", key: "id" },
  { name: "login_throttle", key: "key" },
  { name: "one_time_tokens", key: "id" },
  { name: "two_factor", key: "user_id" },
  { name: "recovery_codes", key: "code_hash" },
  { name: "folders", key: "id" },
  { name: "documents", key: "id" },
  { name: "document_attachments", key: "id" },
  { name: "document_facets", key: "id" },
  { name: "file_contents", key: "file_key" },
  { name: "file_text_pages", key: "id" },
  { name: "dashboards", key: "id" },
  { name: "navigation_menu", key: "id" },
  { name: "contact_info", key: "id" },
  { name: "activity_logs", key: "id" },
  { name: "settings", key: "key" },
  { name: "jobs", key: "id" },
] as const satisfies ReadonlyArray<{ name: keyof Database; key: string }>;

export type TransferTable = (typeof TRANSFER_TABLES)[number]["name"];

export const TABLE_NAMES: readonly TransferTable[] = TRANSFER_TABLES.map((t) => t.name);

/**
 * Tables derived from the others, left out of dumps and rebuilt after a restore: the search
 * state and the index of the words inside files (search-index.ts, page-index.ts), including
 * SQLite's FTS5 shadow tables, all named `search_*`.
 */
export function isDerivedTable(name: string): boolean {
  return name.startsWith("search_");
}

/** Names of Kysely's migration bookkeeping tables (the Migrator's defaults). */
export const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"] as const;

export interface FileColumn {
  table: TransferTable;
  /** The column holding a storage key. */
  key: string;
  /** Columns where the app recorded the file's size and sha256 when it stored it, if any. */
  size: string | null;
  sha256: string | null;
}

/**
 * Every column that holds a storage key: the files an export must carry along. Dashboards keep a
 * `file_path` from the old data model; nothing writes it today, but a value there names a stored
 * file all the same. Their uploaded thumbnails (decision 0011) are checked like documents.
 */
export const FILE_COLUMNS: readonly FileColumn[] = [
  { table: "documents", key: "file_path", size: "size", sha256: "sha256" },
  { table: "document_attachments", key: "file_path", size: "file_size", sha256: "sha256" },
  { table: "dashboards", key: "file_path", size: null, sha256: null },
  { table: "dashboards", key: "thumbnail_key", size: "thumbnail_size", sha256: "thumbnail_sha256" },
  // The file itself is named by its document or attachment row; its thumbnail only here.
  { table: "file_contents", key: "thumbnail_key", size: "thumbnail_size", sha256: "thumbnail_sha256" },
];

/** The storage keys a dumped row names (none for most tables). */
export function storageKeysOf(table: string, row: Record<string, unknown>): string[] {
  const keys: string[] = [];
  for (const column of FILE_COLUMNS) {
    const value = column.table === table ? row[column.key] : null;
    if (typeof value === "string" && value !== "") keys.push(value);
  }
  return keys;
}
