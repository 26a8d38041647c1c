import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import Database from "better-sqlite3";
import routes from "../../../app/routes";

/** One page of the walk: its route pattern (as in app/routes.ts) and the address visited. */
export interface WalkPage {
  route: string;
  url: string;
  /** Admin pages are visited signed in as an admin; the others signed out. */
  admin: boolean;
}

/** The ids and tokens that fill a route's parameters. */
export interface WalkIds {
  document: string;
  attachment: string;
  documentToken: string;
  dashboard: string;
  folder: string;
  folderToken: string;
  /** An account with a password, for its reset-link page. */
  user: string;
}

const appDir = path.resolve(import.meta.dirname, "..", "..", "..", "app");

function flatten(entries: RouteConfigEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((e) => {
    // prefix() gives an index route its prefix as its path ("admin" for the admin dashboard).
    const full = [parent, e.path ?? ""].filter(Boolean).join("/");
    const own = e.path !== undefined || e.index ? [{ path: full, file: e.file }] : [];
    return [...own, ...flatten(e.children ?? [], full)];
  });
}

/** A route draws a page when its module has a component; the others only answer (files, JSON, redirects). */
function drawsPage(file: string): boolean {
  return /^export default /m.test(fs.readFileSync(path.join(appDir, file), "utf8"));
}

function concrete(route: string, ids: WalkIds): string {
  if (route === "*") return "/this-page-does-not-exist";
  const filled = route
    .replace(/^shared\/document\/:idOrToken$/, `shared/document/${ids.documentToken}`)
    .replace(/^shared\/folder\/:token$/, `shared/folder/${ids.folderToken}`)
    .replace(/(^|\/)(document|public-document|documents)\/:id/, `$1$2/${ids.document}`)
    .replace(/\/attachments\/:attachmentId/, `/attachments/${ids.attachment}`)
    .replace(/(^|\/)dashboards\/:id/, `$1dashboards/${ids.dashboard}`)
    .replace(/(^|\/)folders\/:id/, `$1folders/${ids.folder}`)
    .replace(/(^|\/)users\/:id/, `$1users/${ids.user}`);
  return `/${filled}`;
}

/**
 * Every page of app/routes.ts, so a new screen is walked the day it is added: public pages and
 * the sign-in pages signed out, the admin screens (edit, new, delete and view pages too) signed in.
 */
export function walkPages(ids: WalkIds): WalkPage[] {
  const pages = flatten(routes as RouteConfigEntry[])
    .filter((r) => drawsPage(r.file))
    .map((r) => ({
      route: r.path || "/",
      url: concrete(r.path, ids),
      admin: (r.path === "admin" || r.path.startsWith("admin/")) && !/^admin\/(login|setup|set-password|reset-password)$/.test(r.path),
    }));
  const unfilled = pages.filter((p) => p.url.includes(":"));
  if (unfilled.length) throw new Error(`walk: no value for the parameters of ${unfilled.map((p) => p.route).join(", ")}`);
  return pages;
}

/** What the walk's content is called: a document's title and a folder's name left unset keep the demo's. */
export interface WalkNames {
  documentTitle?: string;
  folderName?: string;
  attachmentLabel: string;
}

const WALK_DOCUMENT_TOKEN = "walk-document-token-0123456789abcdefghijklmnopq";

/**
 * Readies a demo portal's SQLite database (before the portal starts) for the walk: the newest
 * published document with a file gets a share link and an attachment (its own stored file, under
 * `attachmentLabel`), and the ids that fill the routes' parameters are read. A new title is only
 * the layout's concern: the search index (fed by the documents service) keeps the old one.
 */
export function prepareWalk(dataDir: string, names: WalkNames): WalkIds {
  const db = new Database(path.join(dataDir, "portal.db"));
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { id: string }).id;
    const document = one("select id from documents where published = 1 and file_path is not null order by created_at desc limit 1");
    const folder = one("select id from folders where share_token is not null order by name limit 1");
    db.prepare("update documents set share_token = ? where id = ?").run(WALK_DOCUMENT_TOKEN, document);
    if (names.documentTitle) db.prepare("update documents set title = ? where id = ?").run(names.documentTitle, document);
    if (names.folderName) db.prepare("update folders set name = ? where id = ?").run(names.folderName, folder);
    const attachment = "walk-attachment";
    db.prepare(
      "insert into document_attachments (id, document_id, label, file_path, file_type, file_size, mime_type, display_order, created_at) select ?, id, ?, file_path, file_ext, size, mime_type, 0, created_at from documents where id = ?",
    ).run(attachment, names.attachmentLabel, document);
    return {
      document,
      attachment,
      documentToken: WALK_DOCUMENT_TOKEN,
      dashboard: one("select id from dashboards order by display_order limit 1"),
      folder,
      folderToken: (db.prepare("select share_token as id from folders where id = ?").get(folder) as { id: string }).id,
      user: one("select id from users where password_hash is not null order by created_at limit 1"),
    };
  } finally {
    db.close();
  }
}
