import { type Kysely, sql } from "kysely";
import { folderKeys } from "../../folders/folder-keys";
import type { Engine } from "../client";

/**
 * Paged admin tables and the paged shared folder (issue 10): every page is read with LIMIT/OFFSET
 * in an indexed, stable order.
 *
 * - Folders get `name_key` and `search_key` (folders/folder-keys.ts): the folder list used to be
 *   sorted and searched in TypeScript after reading every folder; now SQL sorts and searches one
 *   page, by keys folded in TypeScript so both engines agree (SQLite's lower() knows only ASCII).
 *   `name_key` has the "C" collation on PostgreSQL, so it compares byte by byte as SQLite does.
 *   Existing folders are filled here, with the app's own functions (a change to them needs a new
 *   migration that recomputes the keys).
 * - A folder's documents by title: published only (the shared folder page) and all (the admin
 *   folder view), each in the order the page reads them.
 * - Shared documents newest first (the Shareable Links table): a partial index, so the table reads
 *   its page without walking every document.
 * - Security events newest first: the Security page filters one entity type out of a log mostly
 *   made of views and downloads.
 */
interface Tables {
  folders: { id: string; name: string; description: string | null; name_key: string; search_key: string };
}

export async function up(schema: Kysely<unknown>, engine: Engine): Promise<void> {
  const db = schema as Kysely<Tables>;
  const collate = engine === "postgres" ? sql` collate "C"` : sql``;
  await sql`alter table folders add column name_key text${collate} not null default ''`.execute(db);
  await sql`alter table folders add column search_key text not null default ''`.execute(db);
  const folders = await db.selectFrom("folders").select(["id", "name", "description"]).execute();
  for (const folder of folders) {
    await db.updateTable("folders").set(folderKeys(folder.name, folder.description)).where("id", "=", folder.id).execute();
  }
  await db.schema.createIndex("folders_name_key_idx").on("folders").columns(["name_key", "id"]).execute();

  await sql`create index documents_folder_published_title_idx on documents (folder_id, published, lower(title), id)`.execute(db);
  await sql`create index documents_folder_title_idx on documents (folder_id, lower(title), id)`.execute(db);
  await sql`create index documents_shared_created_idx on documents (created_at, id) where share_token is not null`.execute(db);

  await db.schema.createIndex("activity_logs_entity_type_created_idx").on("activity_logs").columns(["entity_type", "created_at"]).execute();
}
