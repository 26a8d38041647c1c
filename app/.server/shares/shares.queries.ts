import { type Kysely, sql } from "kysely";
import { containsPattern } from "../db/like";
import type { Database } from "../db/types";

/**
 * Share tokens of documents and folders (admin-and-sharing sections 2 and 7). Every write is one
 * conditional UPDATE, so two editors acting at once cannot leave two live tokens or revive a
 * revoked one by accident.
 */

export interface SharedDocumentRow {
  id: string;
  title: string;
  category: string;
  published: number;
  created_at: string;
  download_count: number;
  share_token: string;
}

export interface SharedFolderRow {
  id: string;
  name: string;
  is_public: number;
  view_count: number;
  created_at: string;
  share_token: string;
}

export type ShareTable = "documents" | "folders";

export async function countSharedDocuments(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("share_token", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the documents with a link, newest first (the partial (created_at, id) index of shared documents). */
export async function selectSharedDocumentPage(db: Kysely<Database>, limit: number, offset: number): Promise<SharedDocumentRow[]> {
  const rows = await db
    .selectFrom("documents")
    .select(["id", "title", "category", "published", "created_at", "download_count", "share_token"])
    .where("share_token", "is not", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ ...r, share_token: r.share_token!, download_count: Number(r.download_count) }));
}

export async function countSharedFolders(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("folders")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("share_token", "is not", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the folders with a link, by name as people sort it (folders/folder-keys.ts). */
export async function selectSharedFolderPage(db: Kysely<Database>, limit: number, offset: number): Promise<SharedFolderRow[]> {
  const rows = await db
    .selectFrom("folders")
    .select(["id", "name", "is_public", "view_count", "created_at", "share_token"])
    .where("share_token", "is not", null)
    .orderBy("name_key")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ ...r, share_token: r.share_token!, view_count: Number(r.view_count) }));
}

/**
 * Documents without a share token, newest first, for the "Create link" picker: at most `limit`,
 * those whose title contains `find` (any case) when given.
 */
export function selectUnsharedDocuments(db: Kysely<Database>, find: string, limit: number): Promise<Array<{ id: string; label: string }>> {
  // Not `share_token is null`: planner statistics count each NULL of the unique index as its own
  // value, so SQLite would read every unshared document through that index and sort them all (52 ms
  // at 100,000); written this way the newest-first index is walked until the picker is full.
  let query = db.selectFrom("documents").select(["id", "title as label"]).where(sql<boolean>`coalesce(share_token, '') = ''`);
  if (find) query = query.where(sql<boolean>`lower(title) like lower(${containsPattern(find)}) escape '\\'`);
  return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).execute();
}

/** Folders without a share token by name, for the "Create link" picker: at most `limit`, matching the folded needle when given. */
export function selectUnsharedFolders(db: Kysely<Database>, needle: string, limit: number): Promise<Array<{ id: string; label: string }>> {
  let query = db.selectFrom("folders").select(["id", "name as label"]).where("share_token", "is", null);
  if (needle) query = query.where(sql<boolean>`search_key like ${containsPattern(needle)} escape '\\'`);
  return query.orderBy("name_key").orderBy("id").limit(limit).execute();
}

export interface ShareSubject {
  id: string;
  label: string;
  /** Published document or public folder: only then may an anonymous visitor open its link. */
  visible: boolean;
  share_token: string | null;
}

export async function selectShareSubject(db: Kysely<Database>, table: ShareTable, id: string): Promise<ShareSubject | undefined> {
  if (table === "documents") {
    const row = await db
      .selectFrom("documents")
      .select(["id", "title", "published", "share_token"])
      .where("id", "=", id)
      .executeTakeFirst();
    return row && { id: row.id, label: row.title, visible: row.published === 1, share_token: row.share_token };
  }
  const row = await db.selectFrom("folders").select(["id", "name", "is_public", "share_token"]).where("id", "=", id).executeTakeFirst();
  return row && { id: row.id, label: row.name, visible: row.is_public === 1, share_token: row.share_token };
}

/**
 * Sets (or, with null, revokes) the token when the current one is as `expect` says: "none" to
 * create, "some" to regenerate or revoke. updated_at is left alone: sharing is not an edit of the
 * content. Returns whether a row changed.
 */
export async function updateShareToken(
  db: Kysely<Database>,
  table: ShareTable,
  id: string,
  token: string | null,
  expect: "none" | "some",
): Promise<boolean> {
  const condition = expect === "none" ? "is" : "is not";
  const result =
    table === "documents"
      ? await db
          .updateTable("documents")
          .set({ share_token: token })
          .where("id", "=", id)
          .where("share_token", condition, null)
          .executeTakeFirst()
      : await db
          .updateTable("folders")
          .set({ share_token: token })
          .where("id", "=", id)
          .where("share_token", condition, null)
          .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
