import { type Paging, PER_MAX, type ResultPage, readPage, TABLE_PER } from "~/lib/paging";
import type { ShareKind } from "~/lib/share-links";
import { logActivity, type RequestMeta } from "../activity/activity.service";
import { newToken } from "../auth/tokens";
import type { AppContext } from "../context";
import { folderNeedle } from "../folders/folder-keys";
import {
  countSharedDocuments,
  countSharedFolders,
  type ShareSubject,
  type ShareTable,
  selectSharedDocumentPage,
  selectSharedFolderPage,
  selectShareSubject,
  selectUnsharedDocuments,
  selectUnsharedFolders,
  updateShareToken,
} from "./shares.queries";

/**
 * Share links (admin-and-sharing sections 2, 6 and 7): a document or folder gets a token of 32
 * random bytes (base64url) on demand; revoking clears it, so the old link is a 404 at once (the
 * public pages look the token up on every request); regenerating replaces it. Every change is
 * logged (never the token itself) and announced to open pages.
 */

const TABLE: Record<ShareKind, ShareTable> = { document: "documents", folder: "folders" };

export function isShareKind(value: unknown): value is ShareKind {
  return value === "document" || value === "folder";
}

export interface SharedDocumentLink {
  id: string;
  title: string;
  category: string;
  published: boolean;
  createdAt: string;
  downloads: number;
  token: string;
}

export interface SharedFolderLink {
  id: string;
  name: string;
  isPublic: boolean;
  views: number;
  createdAt: string;
  token: string;
}

/** A "Create link" picker: at most PICKER_LIMIT choices, those matching `find` when it is set. */
export interface LinkPicker {
  choices: Array<{ id: string; label: string }>;
  /** What the picker was narrowed by ("" for nothing). */
  find: string;
  /** Whether more items without a link match than the picker shows. */
  more: boolean;
}

export interface ShareLinks {
  /** One page of the documents with a link, newest first. */
  documents: ResultPage<SharedDocumentLink>;
  /** One page of the folders with a link, by name. */
  folders: ResultPage<SharedFolderLink>;
  /** What has no link yet: the "Create link" pickers. */
  unshared: { documents: LinkPicker; folders: LinkPicker };
}

/** The most choices a "Create link" picker offers; the rest are found by typing part of the name. */
export const PICKER_LIMIT = PER_MAX;
const MAX_FIND_CHARS = 200;

export interface ShareLinksRequest {
  documents?: Paging;
  folders?: Paging;
  /** Words narrowing the pickers. */
  find?: { document?: string; folder?: string };
}

const FIRST_PAGE: Paging = { page: 1, per: TABLE_PER };

function picker(choices: Array<{ id: string; label: string }>, find: string): LinkPicker {
  return { choices: choices.slice(0, PICKER_LIMIT), find, more: choices.length > PICKER_LIMIT };
}

/** One page of each table, and the two pickers (each bounded). */
export async function listShareLinks(ctx: AppContext, request: ShareLinksRequest = {}): Promise<ShareLinks> {
  const db = ctx.db.kysely;
  const findDocument = (request.find?.document ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_FIND_CHARS);
  const findFolder = (request.find?.folder ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_FIND_CHARS);
  const [documents, folders, unsharedDocuments, unsharedFolders] = await Promise.all([
    readPage(
      request.documents ?? FIRST_PAGE,
      () => countSharedDocuments(db),
      (limit, offset) => selectSharedDocumentPage(db, limit, offset),
    ),
    readPage(
      request.folders ?? FIRST_PAGE,
      () => countSharedFolders(db),
      (limit, offset) => selectSharedFolderPage(db, limit, offset),
    ),
    // One more than shown: whether there are more to find.
    selectUnsharedDocuments(db, findDocument, PICKER_LIMIT + 1),
    selectUnsharedFolders(db, folderNeedle(findFolder), PICKER_LIMIT + 1),
  ]);
  return {
    documents: {
      ...documents,
      items: documents.items.map((d) => ({
        id: d.id,
        title: d.title,
        category: d.category,
        published: d.published === 1,
        createdAt: d.created_at,
        downloads: d.download_count,
        token: d.share_token,
      })),
    },
    folders: {
      ...folders,
      items: folders.items.map((f) => ({
        id: f.id,
        name: f.name,
        isPublic: f.is_public === 1,
        views: f.view_count,
        createdAt: f.created_at,
        token: f.share_token,
      })),
    },
    unshared: { documents: picker(unsharedDocuments, findDocument), folders: picker(unsharedFolders, findFolder) },
  };
}

type Action = "SHARE_LINK_CREATED" | "SHARE_LINK_REVOKED" | "SHARE_LINK_REGENERATED";

async function record(
  ctx: AppContext,
  kind: ShareKind,
  subject: ShareSubject,
  action: Action,
  actor: { id: string },
  meta?: RequestMeta,
): Promise<void> {
  await logActivity(ctx, {
    action,
    entityType: kind === "document" ? "DOCUMENT" : "FOLDER",
    entityId: subject.id,
    userId: actor.id,
    details: { kind, [kind === "document" ? "title" : "name"]: subject.label },
    meta,
  });
  // Only a link anonymous visitors could open concerns them; the event carries the id only.
  const audience = subject.visible ? "public" : "staff";
  if (kind === "document") ctx.events.publish({ type: "document.changed", audience, data: { id: subject.id } });
  else ctx.events.publish({ type: "folder.changed", audience, data: { id: subject.id } });
}

export type TokenOutcome = { ok: true; token: string; created: boolean; label: string } | { ok: false; reason: "not-found" | "no-link" };

/** The subject's token, created when it has none ("Create link", and the share dialogs on demand). */
export async function ensureShareToken(
  ctx: AppContext,
  kind: ShareKind,
  id: string,
  actor: { id: string },
  meta?: RequestMeta,
): Promise<TokenOutcome> {
  const db = ctx.db.kysely;
  const subject = await selectShareSubject(db, TABLE[kind], id);
  if (!subject) return { ok: false, reason: "not-found" };
  if (subject.share_token) return { ok: true, token: subject.share_token, created: false, label: subject.label };
  const token = newToken();
  if (!(await updateShareToken(db, TABLE[kind], id, token, "none"))) {
    // Someone else created one in between: theirs is the link.
    const now = await selectShareSubject(db, TABLE[kind], id);
    return now?.share_token ? { ok: true, token: now.share_token, created: false, label: now.label } : { ok: false, reason: "not-found" };
  }
  await record(ctx, kind, subject, "SHARE_LINK_CREATED", actor, meta);
  return { ok: true, token, created: true, label: subject.label };
}

/** Replaces the token: the old link stops working, the new one works. */
export async function regenerateShareToken(
  ctx: AppContext,
  kind: ShareKind,
  id: string,
  actor: { id: string },
  meta?: RequestMeta,
): Promise<TokenOutcome> {
  const db = ctx.db.kysely;
  const subject = await selectShareSubject(db, TABLE[kind], id);
  if (!subject) return { ok: false, reason: "not-found" };
  const token = newToken();
  if (!(await updateShareToken(db, TABLE[kind], id, token, "some"))) return { ok: false, reason: "no-link" };
  await record(ctx, kind, subject, "SHARE_LINK_REGENERATED", actor, meta);
  return { ok: true, token, created: true, label: subject.label };
}

/** Clears the token: the link is a 404 from now on. */
export async function revokeShareToken(
  ctx: AppContext,
  kind: ShareKind,
  id: string,
  actor: { id: string },
  meta?: RequestMeta,
): Promise<{ ok: true; label: string } | { ok: false; reason: "not-found" | "no-link" }> {
  const db = ctx.db.kysely;
  const subject = await selectShareSubject(db, TABLE[kind], id);
  if (!subject) return { ok: false, reason: "not-found" };
  if (!(await updateShareToken(db, TABLE[kind], id, null, "some"))) return { ok: false, reason: "no-link" };
  await record(ctx, kind, subject, "SHARE_LINK_REVOKED", actor, meta);
  return { ok: true, label: subject.label };
}
