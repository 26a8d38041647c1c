import { randomBytes } from "node:crypto";

/**
 * Every request gets an id, sent back as this header and written on its access line and on any
 * error line, so a person who reports "it failed" can hand over the one string that finds both.
 * The Express layer also puts it on the request the app sees (after dropping any client value),
 * so loaders and actions read it with `requestIdOf(request)`.
 */
export const REQUEST_ID_HEADER = "x-request-id";

/**
 * An id a trusted proxy passes on (nginx's `$request_id`, a load balancer's) is kept, so its logs
 * and ours share it: letters, digits, `.`, `_`, `-`, 8 to 100 of them. Anything else, from
 * anyone else, is replaced: a client must not be able to write into the log.
 */
const INCOMING_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{7,99}$/;

/** 16 random bytes, base64url: 22 characters. */
export function newRequestId(): string {
  return randomBytes(16).toString("base64url");
}

/** The id of a request: the trusted proxy's when it is sane, else a new one. */
export function chooseRequestId(incoming: string | undefined, fromTrustedProxy: boolean): string {
  if (fromTrustedProxy && incoming !== undefined && INCOMING_ID.test(incoming)) return incoming;
  return newRequestId();
}

/** The id the HTTP layer gave this request (null only outside it, e.g. in a unit test). */
export function requestIdOf(request: Request): string | null {
  return request.headers.get(REQUEST_ID_HEADER);
}
