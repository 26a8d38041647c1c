import type { RequestHandler } from "express";
import { SESSION_COOKIE } from "../auth/guards";
import { resolveSession } from "../auth/sessions";
import type { AppContext } from "../context";
import { checkHealth } from "../health";
import { cookieFromHeader } from "./cookies";
import { noteSignedInUser } from "./request-scope";

/**
 * GET /healthz. Anyone (a load balancer, a monitor, a stranger) learns only whether the portal is
 * well: `200 {"status":"ok"}` or `503 {"status":"error"}`. The details (database engine,
 * storage driver, pending migrations, the events channel, error messages) help an attacker
 * more than a monitor, so only a signed-in admin gets them; the operator at the machine has
 * `portal check`. A request without a session cookie costs no session lookup.
 */
export function healthz(ctx: AppContext): RequestHandler {
  return async (req, res) => {
    const report = await checkHealth(ctx, { activeProbes: false });
    const detailed = await isSignedInAdmin(ctx, req.get("cookie"));
    res
      .status(report.status === "ok" ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(detailed ? report : { status: report.status });
  };
}

async function isSignedInAdmin(ctx: AppContext, cookieHeader: string | undefined): Promise<boolean> {
  const token = cookieFromHeader(cookieHeader, SESSION_COOKIE);
  if (!token) return false;
  // An unhealthy database cannot say who is signed in: the caller gets the short answer.
  const session = await resolveSession(ctx, token).catch(() => null);
  if (!session) return false;
  noteSignedInUser(session.user.id);
  return session.user.role === "admin";
}
