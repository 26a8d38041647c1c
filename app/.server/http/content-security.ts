import { randomBytes } from "node:crypto";
import { createContext, type MiddlewareFunction, RouterContextProvider } from "react-router";
import { httpsOrigin } from "~/lib/dashboards";

/**
 * The Content-Security-Policy of every answer (decision 0023). Scripts run only from this site
 * and only when they carry the nonce of their own response: a nonce made fresh for each response
 * (the HTTP layer, server/content-security.ts), handed to React Router through the load context,
 * and written by app/entry.server.tsx on every <script> and module preload the page has.
 *
 * `frame-src` is per page: only a dashboard's own page lists that dashboard's host. A site-wide
 * list of every public dashboard's host made an 18 KB header at 250 dashboards, which a proxy's
 * default buffers answer with a 502.
 */

export const CSP_HEADER = "Content-Security-Policy";

/** 16 random bytes, base64: a new one for every response, never reused. */
export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * What one response's policy is built from: its nonce, and the hosts its page may frame. A page
 * rendered for the anonymous page cache (page-cache.ts) has no nonce: the same bytes go to many
 * visitors, so a nonce in them would be known to all. Its policy lists the hashes of its inline
 * scripts instead, once they are rendered (`scriptHashes`).
 */
export interface PagePolicy {
  nonce: string | null;
  scriptHashes?: readonly string[];
  /** https origins only (from httpsOrigin), so nothing here can end a directive or add one. */
  frameOrigins: Set<string>;
}

function scriptSource({ nonce, scriptHashes = [] }: PagePolicy): string {
  // 'strict-dynamic': a nonce'd script may load the route modules it imports; browsers that
  // know it ignore 'self' here, older ones fall back to it.
  if (nonce !== null) return `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`;
  // Without 'strict-dynamic', 'self' lets the page's modules and their preloads load, and the
  // hashes let exactly its inline scripts run (base64, from our own sha256: nothing to escape).
  return ["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(" ");
}

export function contentSecurityPolicy(policy: PagePolicy): string {
  const { frameOrigins } = policy;
  return [
    "default-src 'self'",
    scriptSource(policy),
    // Styles keep 'unsafe-inline': the toast library adds its own <style> element and components
    // set style attributes; a style cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "connect-src 'self'",
    // The service worker (/sw.js, decision 0036): without this, workers fall back to script-src,
    // where 'strict-dynamic' leaves no source a registration's script could come from.
    "worker-src 'self'",
    // 'self': document previews frame the app's own file links.
    ["frame-src 'self'", ...[...frameOrigins].sort()].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

const pagePolicy = createContext<PagePolicy | null>(null);

/**
 * The load context of one request React Router answers, carrying its response's nonce; null for
 * a page rendered for the anonymous page cache, whose policy the cache sends (pageFrameOrigins).
 */
export function loadContextWithNonce(nonce: string | null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(pagePolicy, { nonce, frameOrigins: new Set<string>() });
  return context;
}

/** The hosts a rendered page frames, read by the page cache once the page is rendered. */
export function pageFrameOrigins(context: ContextReader): string[] {
  return [...(context.get(pagePolicy)?.frameOrigins ?? [])];
}

type ContextReader = Pick<RouterContextProvider, "get">;

/** The nonce of this response, for entry.server.tsx (undefined where no HTTP layer made one). */
export function responseNonce(context: ContextReader): string | undefined {
  return context.get(pagePolicy)?.nonce ?? undefined;
}

/**
 * Lets this page frame the host of `embedUrl` (a dashboard's page, from its loader). Anything
 * that is not an https address adds nothing.
 */
export function allowFrameOf(context: ContextReader, embedUrl: string | null | undefined): void {
  const origin = httpsOrigin(embedUrl);
  if (origin) context.get(pagePolicy)?.frameOrigins.add(origin);
}

/**
 * Root middleware (root.tsx): sends the policy with every answer React Router gives, pages, data
 * requests and resource routes, once the loaders have said what the page frames. An answer with
 * a policy of its own (files: `sandbox`) keeps it and gets this one as well: a browser applies both.
 */
export const contentSecurityHeader: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const policy = context.get(pagePolicy);
  // Without a nonce the page is the cache's: it sends the policy once it knows the page's scripts.
  if (policy && policy.nonce !== null) response.headers.append(CSP_HEADER, contentSecurityPolicy(policy));
  return response;
};
