import { randomUUID } from "node:crypto";
import { compareNames, sameFolderName } from "~/lib/folders";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import type { AppContext } from "../context";
import type { DocumentRow } from "../db/types";
import { iso } from "../time";
import {
  deleteFolderKeepingDocuments,
  type FolderRow,
  insertFolder,
  selectFolderById,
  selectFolderDocuments,
  selectFolderNames,
  selectFoldersWithCounts,
  selectFolderTotals,
} from "./folders.queries";

/**
 * Folder management for staff (admin-and-sharing sections 2, 3, 5 and 7): the list with its
 * counters and search, creation, deletion (documents are kept), and the folder view.
 */

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

/** The spec's folder search: a case-insensitive substring of the name or the description. */
export function matchesFolder(folder: { name: string; description: string | null }, q: string | null | undefined): boolean {
  const needle = (q ?? "").trim().toLowerCase();
  if (!needle) return true;
  return folder.name.toLowerCase().includes(needle) || (folder.description ?? "").toLowerCase().includes(needle);
}

/** Folders matching `q` (all when empty), and the counters over every folder. */
export async function listFolders(ctx: AppContext, q?: string | null): Promise<{ folders: AdminFolder[]; totals: FolderTotals }> {
  const [rows, totals] = await Promise.all([selectFoldersWithCounts(ctx.db.kysely), selectFolderTotals(ctx.db.kysely)]);
  const folders = rows.filter((r) => matchesFolder(r, q)).sort((a, b) => compareNames(a.name, b.name));
  return { folders: folders.map((r) => toAdminFolder(r, r.document_count)), totals };
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
  return toAdminFolder(row, (await selectFolderDocuments(ctx.db.kysely, id)).length);
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

/** The folder view: the folder and all its documents (drafts too, they are marked). */
export async function folderView(ctx: AppContext, id: string): Promise<{ folder: AdminFolder; documents: FolderDocument[] } | null> {
  const row = await selectFolderById(ctx.db.kysely, id);
  if (!row) return null;
  const rows = await selectFolderDocuments(ctx.db.kysely, id);
  const documents = rows.sort((a, b) => compareNames(a.title, b.title)).map(toFolderDocument);
  return { folder: toAdminFolder(row, documents.length), documents };
}
