import { msg } from "@lingui/core/macro";
import type { Config } from "../config";
import { serverI18n } from "../i18n/i18n";

/**
 * The portal's own origin, and the one check that a state-changing request comes from it
 * (decision 0021).
 */

/** The methods that change nothing; every other method is checked, on every route. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin of an absolute http(s) URL, or null (unparsable, another scheme, the opaque "null"). */
export function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin absolute links are built on (canonical, share and invitation links): PUBLIC_URL when
 * set, else the address the browser used. `request.url` is built from the `Host` header only: the
 * HTTP layer drops every client's `X-Forwarded-Host` before the app sees the request.
 */
export function siteOrigin(config: Pick<Config, "publicUrl">, request: Request): string {
  return new URL(config.publicUrl ?? request.url).origin;
}

/**
 * The origin of links made outside a request (the setup link printed at start, the command line's
 * reset link): PUBLIC_URL when set, else this machine on the portal's port.
 */
export function configuredOrigin(config: Pick<Config, "publicUrl">, port: number): string {
  return config.publicUrl ? new URL(config.publicUrl).origin : `http://localhost:${port}`;
}

export interface StateChangingRequest {
  method: string;
  /** The `Origin` header, if any. */
  origin: string | undefined;
  /** The `Referer` header, if any. */
  referer: string | undefined;
  /** The origins this portal answers on: PUBLIC_URL's and the request's own (scheme + Host). */
  allowed: readonly string[];
}

/**
 * Why a request that may change something is refused, or null when it may go on.
 *
 * Browsers send `Origin` on every POST (and PUT, PATCH, DELETE), same-origin ones included, so a
 * page of another site, or of a sibling site whose cookies are "same-site", is recognised by it.
 * A request without `Origin` is judged by its `Referer`'s origin instead (OWASP's fallback: an old
 * browser that sends no Origin still sends a Referer on our own pages, whose Referrer-Policy keeps
 * it). A request with neither is refused: no page of the portal makes one, a forged one could be
 * made from a page whose referrer policy hides the Referer, and clients that are not browsers
 * (scripts, tests, benchmarks) can send `Origin` as they send their cookie.
 */
export function crossSiteRefusal(request: StateChangingRequest): string | null {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return null;
  const allowed = new Set(request.allowed);
  if (request.origin !== undefined) {
    return allowed.has(originOf(request.origin) ?? "") ? null : `Origin ${request.origin} is not this portal's`;
  }
  if (request.referer !== undefined) {
    return allowed.has(originOf(request.referer) ?? "") ? null : "its Referer is not a page of this portal";
  }
  return "it has neither Origin nor Referer";
}

/** The answer to a refused request (403), in plain words, in the request's language. */
export function crossSiteRefused(): string {
  return serverI18n()._(
    msg`Forbidden: this request did not come from the portal's own pages, so it was refused. Go back to the portal, reload the page and try again.`,
  );
}
