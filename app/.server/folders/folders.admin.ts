import { randomUUID } from "node:crypto";
import { compareNames, FOLDER_CARDS_PER, sameFolderName } from "~/lib/folders";
import { type Paging, type ResultPage, readPage } from "~/lib/paging";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { iso } from "../time";
import { folderKeys, folderNeedle } from "./folder-keys";
import {
  countFolderDocuments,
  countFolders,
  deleteFolderKeepingDocuments,
  type FolderRow,
  insertFolder,
  selectFolderById,
  selectFolderDocumentPage,
  selectFolderNames,
  selectFolderPage,
  selectFolderTotals,
} from "./folders.queries";

/**
 * Folder management for staff (admin-and-sharing sections 2, 3, 5 and 7): the list with its
 * counters and search, creation, deletion (documents are kept), and the folder view. The list and
 * the folder view are cards, read one page at a time (24 a page unless the address asks otherwise).
 */

const FIRST_PAGE: Paging = { page: 1, per: FOLDER_CARDS_PER };

export interface AdminFolder {
  id: string;
  name: string;
  description: string | null;
  isPublic: boolean;
  shareToken: string | null;
  viewCount: number;
  documentCount: number;
  createdAt: string;
}

export interface FolderTotals {
  folders: number;
  documents: number;
  views: number;
}

function toAdminFolder(row: FolderRow, documentCount: number): AdminFolder {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.is_public === 1,
    shareToken: row.share_token,
    viewCount: Number(row.view_count),
    documentCount,
    createdAt: row.created_at,
  };
}

/**
 * One page of the folders matching `q` (all when empty) by name, with the exact number that match,
 * and the counters over every folder. The spec's folder search: a substring of the name or the
 * description, case and accents aside (run in SQL on folded text, folder-keys.ts).
 */
export async function listFolders(
  ctx: AppContext,
  q?: string | null,
  paging: Paging = FIRST_PAGE,
): Promise<{ page: ResultPage<AdminFolder>; totals: FolderTotals }> {
  const db = ctx.db.kysely;
  const needle = folderNeedle(q);
  const [page, totals] = await Promise.all([
    readPage(
      paging,
      () => countFolders(db, needle),
      (limit, offset) => selectFolderPage(db, needle, limit, offset),
    ),
    selectFolderTotals(db),
  ]);
  return { page: { ...page, items: page.items.map((r) => toAdminFolder(r, r.document_count)) }, totals };
}

/** The folder picker of the upload forms. */
export async function folderChoices(ctx: AppContext): Promise<Array<{ id: string; name: string }>> {
  return (await selectFolderNames(ctx.db.kysely)).sort((a, b) => compareNames(a.name, b.name));
}

export async function folderExists(ctx: AppContext, id: string): Promise<boolean> {
  return !!(await selectFolderById(ctx.db.kysely, id));
}

export const FOLDER_NAME_MAX = 200;
export const FOLDER_DESCRIPTION_MAX = 2000;

export interface NewFolderInput {
  name: string;
  description: string;
  isPublic: boolean;
}

export type CreateFolderOutcome = { ok: true; folder: AdminFolder } | { ok: false; reason: "empty" | "too-long" };

function publishFolderChange(ctx: AppContext, id: string, wasOrIsPublic: boolean): void {
  ctx.events.publish({ type: "folder.changed", audience: wasOrIsPublic ? "public" : "staff", data: { id } });
}

/** Name required (an empty one does nothing, section 5); description optional, stored null when empty. */
export async function createFolder(
  ctx: AppContext,
  input: NewFolderInput,
  actor: { id: string },
  meta?: RequestMeta,
): Promise<CreateFolderOutcome> {
  const name = input.name.trim();
  const description = input.description.trim() || null;
  if (!name) return { ok: false, reason: "empty" };
  if (name.length > FOLDER_NAME_MAX || (description?.length ?? 0) > FOLDER_DESCRIPTION_MAX) return { ok: false, reason: "too-long" };
  const now = iso(ctx.now());
  const row: FolderRow = {
    id: randomUUID(),
    name,
    description,
    ...folderKeys(name, description),
    is_public: input.isPublic ? 1 : 0,
    share_token: null,
    view_count: 0,
    created_by_id: actor.id,
    created_at: now,
    updated_at: now,
  };
  await insertFolder(ctx.db.kysely, row);
  await logActivity(ctx, {
    action: "FOLDER_CREATED",
    entityType: "FOLDER",
    entityId: row.id,
    userId: actor.id,
    details: { name, public: input.isPublic },
    meta,
  });
  publishFolderChange(ctx, row.id, input.isPublic);
  return { ok: true, folder: toAdminFolder(row, 0) };
}

/** A folder of this name, compared case-insensitively (Quick Setup's "already exists"). */
export async function findFolderByName(ctx: AppContext, name: string): Promise<{ id: string; name: string } | null> {
  const all = await selectFolderNames(ctx.db.kysely);
  return all.find((f) => sameFolderName(f.name, name)) ?? null;
}

/** Deletes a folder; its documents stay, out of any folder. Null when there is no such folder. */
export async function deleteFolder(
  ctx: AppContext,
  id: string,
  actor: { id: string },
  meta?: RequestMeta,
): Promise<{ name: string; movedDocuments: number } | null> {
  const deleted = await deleteFolderKeepingDocuments(ctx.db.kysely, id);
  if (!deleted) return null;
  const { folder, movedDocuments } = deleted;
  await logActivity(ctx, {
    action: "FOLDER_DELETED",
    entityType: "FOLDER",
    entityId: id,
    userId: actor.id,
    details: { name: folder.name, movedDocuments },
    meta,
  });
  publishFolderChange(ctx, id, folder.is_public === 1);
  return { name: folder.name, movedDocuments };
}

export async function findAdminFolder(ctx: AppContext, id: string): Promise<AdminFolder | null> {
  const row = await selectFolderById(ctx.db.kysely, id);
  if (!row) return null;
  return toAdminFolder(row, await countFolderDocuments(ctx.db.kysely, id));
}

/** A document as the folder view shows it to staff. */
export interface FolderDocument {
  id: string;
  title: string;
  description: string | null;
  category: string;
  size: number | null;
  published: boolean;
  hasFile: boolean;
  shareToken: string | null;
  createdAt: string;
}

function toFolderDocument(row: DocumentRow): FolderDocument {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    size: row.size,
    published: row.published === 1,
    hasFile: !!row.file_path,
    shareToken: row.share_token,
    createdAt: row.created_at,
  };
}

/** The folder view: the folder and one page of its documents by title (drafts too, they are marked), with their exact number. */
export async function folderView(
  ctx: AppContext,
  id: string,
  paging: Paging = FIRST_PAGE,
): Promise<{ folder: AdminFolder; documents: ResultPage<FolderDocument> } | null> {
  const db = ctx.db.kysely;
  const row = await selectFolderById(db, id);
  if (!row) return null;
  const page = await readPage(
    paging,
    () => countFolderDocuments(db, id),
    (limit, offset) => selectFolderDocumentPage(db, id, limit, offset),
  );
  return { folder: toAdminFolder(row, page.total), documents: { ...page, items: page.items.map(toFolderDocument) } };
}
