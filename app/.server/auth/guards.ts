import { data, redirect } from "react-router";
import { app } from "../context";
import { readCookie, serializeCookie } from "../http/cookies";
import { noteSignedInUser, oncePerRead } from "../http/request-scope";
import { readSiteSettings } from "../settings/settings.service";
import type { Role } from "../users/users.service";
import { hasAdminAccess } from "../users/users.service";
import { type ActiveSession, resolveSession, SESSION_ABSOLUTE_MS } from "./sessions";
import { hasEnabledTwoFactor } from "./two-factor/two-factor.queries";

/** The page where staff set up two-factor sign-in; the only admin page open to an admin who must and has not. */
export const TWO_FACTOR_PAGE = "/admin/account/two-factor";

export const SESSION_COOKIE = "portal_session";

/** The session token the request's cookie carries (live or not), or null. */
export function sessionToken(request: Request): string | null {
  return readCookie(request, SESSION_COOKIE);
}

/**
 * The signed-in staff session of a request, or null. An admin page's layout and page loaders
 * both ask, at once, for the same request: the database is asked once (http/request-scope.ts;
 * an action, and the loaders after it, look again).
 */
export const getSession: (request: Request) => Promise<ActiveSession | null> = oncePerRead(resolveRequestSession);

async function resolveRequestSession(request: Request): Promise<ActiveSession | null> {
  const token = sessionToken(request);
  if (!token) return null;
  const session = await resolveSession(app(), token);
  // The request's access line and any error line then name who was signed in.
  if (session) noteSignedInUser(session.user.id);
  return session;
}

/**
 * The cookie lives as long as a session possibly can (the absolute lifetime);
 * the server alone decides when the session ends (idle or absolute expiry), so
 * sliding the session never needs the cookie to be sent again.
 */
export function sessionCookie(token: string): string {
  return serializeCookie(SESSION_COOKIE, token, {
    secure: app().config.secureCookies,
    maxAgeSeconds: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearedSessionCookie(): string {
  return serializeCookie(SESSION_COOKIE, "", { secure: app().config.secureCookies, maxAgeSeconds: 0 });
}

/** Editors may manage content; only admins manage people and the system (ARCHITECTURE.md section 4). */
export const CONTENT_ROLES: Role[] = ["admin", "editor"];
export const ADMIN_ONLY: Role[] = ["admin"];

/**
 * For admin pages (loaders and actions): no session sends the visitor to the
 * sign-in form and back; a role without access gets a 403.
 */
export async function requireUser(request: Request, roles: Role[] = CONTENT_ROLES): Promise<ActiveSession> {
  const session = await getSession(request);
  if (!session) {
    const url = new URL(request.url);
    throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (!hasAdminAccess(session.user.role) || !roles.includes(session.user.role)) {
    throw data({ message: "Access Denied: You do not have permission to view this page" }, { status: 403 });
  }
  if (new URL(request.url).pathname !== TWO_FACTOR_PAGE && (await mustEnrolTwoFactor(session))) throw redirect(TWO_FACTOR_PAGE);
  return session;
}

/**
 * Whether the setting "Require two-factor sign-in for admins" is on and this admin has not set it
 * up: every admin page and resource then refuses them (here, in the guard all of them use), so
 * the rule holds on the server whatever the browser does.
 */
export async function mustEnrolTwoFactor(session: ActiveSession): Promise<boolean> {
  if (session.user.role !== "admin") return false;
  const ctx = app();
  if (!(await readSiteSettings(ctx)).requireTwoFactorForAdmins) return false;
  return !(await hasEnabledTwoFactor(ctx.db.kysely, session.user.id));
}

/** For resource routes (files, JSON, streams): 401 without a session, 403 without the role. */
export async function requireApiUser(request: Request, roles: Role[] = CONTENT_ROLES): Promise<ActiveSession> {
  const session = await getSession(request);
  if (!session) throw Response.json({ error: "Authentication required" }, { status: 401 });
  if (!roles.includes(session.user.role)) throw Response.json({ error: "Forbidden" }, { status: 403 });
  if (await mustEnrolTwoFactor(session)) throw Response.json({ error: "Two-factor sign-in required" }, { status: 403 });
  return session;
}
