import { type Insertable, type Kysely, type Selectable, sql } from "kysely";
import { containsPattern } from "../db/like";
import type { Database, DocumentRow, FoldersTable } from "../db/types";

export type FolderRow = Selectable<FoldersTable>;

/** A public folder by its share token; private folders and revoked (null) tokens never match. */
export function selectPublicFolderByToken(db: Kysely<Database>, token: string): Promise<FolderRow | undefined> {
  return db.selectFrom("folders").selectAll().where("share_token", "=", token).where("is_public", "=", 1).executeTakeFirst();
}

/**
 * Counts one view and returns the folder, in one statement, so concurrent
 * views never lose an increment and a folder made private in between is not counted.
 */
export function countViewOfPublicFolder(db: Kysely<Database>, token: string): Promise<FolderRow | undefined> {
  return db
    .updateTable("folders")
    .set((eb) => ({ view_count: eb("view_count", "+", 1) }))
    .where("share_token", "=", token)
    .where("is_public", "=", 1)
    .returningAll()
    .executeTakeFirst();
}

// Folder management (admin-and-sharing sections 2, 3 and 7) --------------------------------------

export type FolderWithCount = FolderRow & { document_count: number };
export type NewFolderRow = Insertable<FoldersTable>;

/** Folders whose name or description contains the folded needle ("" is every folder). */
function foldersMatching(db: Kysely<Database>, needle: string) {
  const query = db.selectFrom("folders");
  return needle ? query.where(sql<boolean>`search_key like ${containsPattern(needle)} escape '\\'`) : query;
}

export async function countFolders(db: Kysely<Database>, needle: string): Promise<number> {
  const row = await foldersMatching(db, needle)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * One page of the folders matching the needle, with their number of documents (the spec's nested
 * count), by name as people sort it (folder-keys.ts), in the (name_key, id) index's order.
 */
export async function selectFolderPage(db: Kysely<Database>, needle: string, limit: number, offset: number): Promise<FolderWithCount[]> {
  const rows = await foldersMatching(db, needle)
    .selectAll("folders")
    .select((eb) =>
      eb
        .selectFrom("documents")
        .select(eb.fn.countAll<string | number>().as("n"))
        .whereRef("documents.folder_id", "=", "folders.id")
        .as("document_count"),
    )
    .orderBy("folders.name_key")
    .orderBy("folders.id")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ ...r, document_count: Number(r.document_count ?? 0) }));
}

/** The three counters: folders, documents filed in a folder, and the folders' views. */
export async function selectFolderTotals(db: Kysely<Database>): Promise<{ folders: number; documents: number; views: number }> {
  const folders = await db
    .selectFrom("folders")
    .select((eb) => [eb.fn.countAll<string | number>().as("n"), eb.fn.sum<string | number | null>("view_count").as("views")])
    .executeTakeFirstOrThrow();
  const documents = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("folder_id", "is not", null)
    .executeTakeFirstOrThrow();
  return { folders: Number(folders.n), documents: Number(documents.n), views: Number(folders.views ?? 0) };
}

export function selectFolderById(db: Kysely<Database>, id: string): Promise<FolderRow | undefined> {
  return db.selectFrom("folders").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Ids and names only: enough to compare names and fill a folder picker. */
export function selectFolderNames(db: Kysely<Database>): Promise<Array<{ id: string; name: string }>> {
  return db.selectFrom("folders").select(["id", "name"]).orderBy(sql`lower(name)`).orderBy("name").orderBy("id").execute();
}

export async function insertFolder(db: Kysely<Database>, row: NewFolderRow): Promise<void> {
  await db.insertInto("folders").values(row).execute();
}

/**
 * Deletes a folder and keeps its documents, moved out of it (folder_id null), in one
 * transaction; the foreign key says the same, but this does not depend on the engine enforcing it.
 */
export async function deleteFolderKeepingDocuments(
  db: Kysely<Database>,
  id: string,
): Promise<{ folder: FolderRow; movedDocuments: number } | undefined> {
  return db.transaction().execute(async (trx) => {
    const folder = await trx.selectFrom("folders").selectAll().where("id", "=", id).executeTakeFirst();
    if (!folder) return undefined;
    const moved = await trx.updateTable("documents").set({ folder_id: null }).where("folder_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("folders").where("id", "=", id).execute();
    return { folder, movedDocuments: Number(moved.numUpdatedRows) };
  });
}

/** How many documents a folder holds, drafts included. */
export async function countFolderDocuments(db: Kysely<Database>, folderId: string): Promise<number> {
  const row = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("folder_id", "=", folderId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of a folder's documents for staff, drafts included, by title (the (folder_id, lower(title), id) index). */
export function selectFolderDocumentPage(db: Kysely<Database>, folderId: string, limit: number, offset: number): Promise<DocumentRow[]> {
  return db
    .selectFrom("documents")
    .selectAll()
    .where("folder_id", "=", folderId)
    .orderBy(sql`lower(title)`)
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

// A folder as one ZIP (decision 0033) ----------------------------------------------------------

/** The files a ZIP of the folder holds: published documents with a stored file not known to be missing. */
function zippableFiles(db: Kysely<Database>, folderId: string) {
  return db
    .selectFrom("documents")
    .where("folder_id", "=", folderId)
    .where("published", "=", 1)
    .where("file_path", "is not", null)
    .where("size", "is not", null)
    .where("file_missing_at", "is", null);
}

/** How many files a ZIP of the folder holds and their bytes, without reading them. */
export async function selectZippableTotals(db: Kysely<Database>, folderId: string): Promise<{ files: number; bytes: number }> {
  const row = await zippableFiles(db, folderId)
    .select((eb) => [eb.fn.countAll<string | number>().as("n"), eb.fn.sum<string | number | null>("size").as("bytes")])
    .executeTakeFirstOrThrow();
  return { files: Number(row.n), bytes: Number(row.bytes ?? 0) };
}

export type ZippableFile = Pick<DocumentRow, "id" | "title" | "file_ext" | "file_path" | "mime_type" | "size" | "updated_at">;

/** The ZIP's files in the shared folder page's order (by title, then id), at most `limit`. */
export function selectZippableFiles(db: Kysely<Database>, folderId: string, limit: number): Promise<ZippableFile[]> {
  return zippableFiles(db, folderId)
    .select(["id", "title", "file_ext", "file_path", "mime_type", "size", "updated_at"])
    .orderBy(sql`lower(title)`)
    .orderBy("id")
    .limit(limit)
    .execute();
}
