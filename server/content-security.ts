import type express from "express";
import type { RouterContextProvider } from "react-router";
import { CSP_HEADER, contentSecurityPolicy, loadContextWithNonce, newNonce } from "~/.server/http/content-security";

/**
 * The HTTP layer's part of the Content-Security-Policy (app/.server/http/content-security.ts):
 * every response gets a nonce of its own and the policy built on it, so what Express answers
 * itself (assets, health, refusals) is covered too.
 */
export function contentSecurity(): express.RequestHandler {
  return (_req, res, next) => {
    const nonce = newNonce();
    res.locals.cspNonce = nonce;
    res.setHeader(CSP_HEADER, contentSecurityPolicy({ nonce, frameOrigins: new Set() }));
    next();
  };
}

/**
 * React Router's load context: the response's nonce, for the page's scripts. From here the root
 * middleware sends the policy, with what the page frames: Express's copy is dropped, or the
 * response would carry two policies and a browser would apply the stricter of them.
 */
export function pageLoadContext(_req: express.Request, res: express.Response): RouterContextProvider {
  res.removeHeader(CSP_HEADER);
  return loadContextWithNonce(String(res.locals.cspNonce ?? newNonce()));
}
