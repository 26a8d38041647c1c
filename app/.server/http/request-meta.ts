import type { RequestMeta } from "../activity/activity.service";

/**
 * The Express server puts the client address it trusts into this header,
 * after removing any value a client sent (server/app.ts).
 */
export const CLIENT_IP_HEADER = "x-portal-client-ip";

export function requestMeta(request: Request): RequestMeta {
  return {
    ip: request.headers.get(CLIENT_IP_HEADER),
    userAgent: request.headers.get("User-Agent")?.slice(0, 500) ?? null,
  };
}
