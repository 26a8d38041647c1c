import fs from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
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
