import type { HeadersArgs, MiddlewareFunction } from "react-router";
import { sessionToken } from "../auth/guards";

/**
 * Headers every answer of the app gets from one place, the root route (root.tsx): its middleware
 * sees the final Response of every page, data request (`.data`) and resource route.
 */

/**
 * `Cache-Control: no-store` on every answer to a request carrying a session cookie and on
 * everything under /admin (user lists, share tokens, invitation links): no browser or proxy
 * cache keeps what staff saw, whatever the route itself asked for. A stale cookie counts too:
 * telling it apart would cost a database read on every request, and no-store is harmless.
 */
export const noStoreForStaff: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const { pathname } = new URL(request.url);
  if (sessionToken(request) === null && pathname !== "/admin" && !pathname.startsWith("/admin/")) return response;
  // no-transform is kept: it keeps compression away from files, so Content-Length and ranges stay exact.
  const noTransform = /\bno-transform\b/.test(response.headers.get("Cache-Control") ?? "");
  response.headers.set("Cache-Control", noTransform ? "no-store, no-transform" : "no-store");
  return response;
};

/**
 * A route's `headers` export that keeps the named headers of its own loader, action or error
 * answer: without one, React Router sends only their cookies (e.g. a 429's Retry-After was lost).
 */
export function keepHeaders(...names: string[]) {
  return ({ parentHeaders, loaderHeaders, actionHeaders, errorHeaders }: HeadersArgs): Headers => {
    const headers = new Headers(parentHeaders);
    for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
      for (const name of names) {
        const value = source?.get(name);
        if (value) headers.set(name, value);
      }
    }
    return headers;
  };
}
